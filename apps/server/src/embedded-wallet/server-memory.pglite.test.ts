// The custody table's M row (apps/server/README.md): what someone reading the running server's
// memory finds once the requests are over. The built server runs as an operator runs it, with
// node's own --heapsnapshot-signal (a diagnostic an operator may turn on, no route of ours); a
// visitor logs in with a mailed code, stores a wallet, logs in on a new browser, takes the
// recovery share and rotates; then a heap snapshot is searched for the key and every share in
// each encoding the server meets or could make, and the process's whole memory for the key.
// The seal key, which the server must hold, is the control: found, it shows each search reads
// what it claims to.
// Named .pglite.test.ts: it starts the server on a PGlite data folder of its own (Linux: it
// reads /proc); against PostgreSQL the database's pages would merely be in another process.
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type MailCatcher, startMailCatcher } from '@portico/devnet'
import { type Hex, hexToBytes } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedClient } from '../test/embedded-wallet-client'
import { splitKey, walletBody } from '../test/key-split'
import { ensurePgliteTemplate } from '../test/pglite-template'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { EMAIL_OTP_COOLDOWN_SECONDS } from './embedded-wallet-constants'

let root: string
let catcher: MailCatcher
let server: ServerProcess
let url: string
const sealKey = randomBytes(32).toString('hex')

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portico-memory-'))
  const home = join(root, 'home')
  const dataDir = join(root, 'pglite')
  mkdirSync(home)
  cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
  catcher = await startMailCatcher()
  server = startServerProcess(
    {
      PATH: process.env.PATH,
      HOME: home,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      PORTICO_INDEXER: '0',
      SMTP_URL: catcher.smtpUrl,
      PORTICO_SHARE_SEAL_KEY: sealKey,
    },
    {
      built: true,
      nodeArgs: [
        '--heapsnapshot-signal=SIGUSR2',
        `--diagnostic-dir=${root}`,
        // V8 cuts each string to 1024 characters in a snapshot by default: a share deep in a
        // long string (a request's raw body, a log line) would be missed.
        '--heap-snapshot-string-limit=1048576',
      ],
    },
  )
  url = await server.url
}, 120_000)

afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await catcher?.stop()
  if (root) rmSync(root, { recursive: true, force: true })
})

// No frame runs here: the calls come without an Origin, as a server's own would.
const { call, login } = embeddedClient(() => ({ server: { url }, catcher }), { origin: null })

/** The server's heap as a snapshot file's text (V8 collects the garbage before it writes). */
async function heapSnapshot(): Promise<string> {
  const before = new Set(readdirSync(root))
  server.child.kill('SIGUSR2')
  for (let waited = 0; waited < 60_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const file = readdirSync(root).find(
      (name) => name.endsWith('.heapsnapshot') && !before.has(name),
    )
    if (file === undefined) continue
    // Written in one go by the server's main thread: it answers again once the file is whole.
    await fetch(`${url}/health`)
    const text = readFileSync(join(root, file), 'utf8')
    if (text.trimEnd().endsWith('}')) return text
  }
  throw new Error('no heap snapshot was written')
}

/**
 * Every spelling of a value the server handles or could make: hex (the protocol's `0x` shape
 * and the bare digits, matched in any case), base64 and base64url of its bytes.
 */
function spellings(hex: Hex): string[] {
  const bytes = Buffer.from(hexToBytes(hex))
  return [
    hex.slice(2).toLowerCase(),
    bytes.toString('base64').replace(/=+$/, ''),
    bytes.toString('base64url'),
  ]
}

interface HeapSnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[] } }
  nodes: number[]
  edges: number[]
  strings: string[]
}

/**
 * Every string the snapshot shows: its string table, and each concatenated string put together
 * from its pieces. V8 writes a concatenation (how `'0x' + ...` and a byte-by-byte hex loop
 * build a string) as a node without text whose `first` and `second` edges lead to the parts;
 * a key kept that way is only found by joining them. A sliced string's text is its parent's.
 */
function snapshotStrings(text: string): string[] {
  const file = JSON.parse(text) as HeapSnapshotFile
  const {
    node_fields: nodeFields,
    node_types: nodeTypes,
    edge_fields: edgeFields,
  } = file.snapshot.meta
  const types = nodeTypes[0]
  const width = nodeFields.length
  const [typeAt, nameAt, edgeCountAt] = ['type', 'name', 'edge_count'].map((f) =>
    nodeFields.indexOf(f),
  ) as [number, number, number]
  const edgeWidth = edgeFields.length
  const [edgeNameAt, edgeToAt] = ['name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f)) as [
    number,
    number,
  ]
  // Where each node's edges start (edges are listed node after node).
  const firstEdge: number[] = []
  for (let node = 0, edge = 0; node < file.nodes.length; node += width) {
    firstEdge.push(edge)
    edge += (file.nodes[node + edgeCountAt] as number) * edgeWidth
  }
  const joined = new Map<number, string>()
  const textOf = (node: number): string => {
    const type = types[file.nodes[node + typeAt] as number]
    if (type !== 'concatenated string' && type !== 'sliced string')
      return file.strings[file.nodes[node + nameAt] as number] ?? ''
    const known = joined.get(node)
    if (known !== undefined) return known
    const parts: Record<string, string> = {}
    const start = firstEdge[node / width] as number
    const count = file.nodes[node + edgeCountAt] as number
    for (let edge = start; edge < start + count * edgeWidth; edge += edgeWidth) {
      const name = file.strings[file.edges[edge + edgeNameAt] as number]
      if (name === 'first' || name === 'second' || name === 'parent')
        parts[name] = textOf(file.edges[edge + edgeToAt] as number)
    }
    const whole = parts.parent ?? `${parts.first ?? ''}${parts.second ?? ''}`
    joined.set(node, whole)
    return whole
  }
  const strings = [...file.strings]
  for (let node = 0; node < file.nodes.length; node += width) {
    if (types[file.nodes[node + typeAt] as number] === 'concatenated string')
      strings.push(textOf(node))
  }
  return strings
}

/** Which of `values`, in any spelling, the snapshot's strings hold, also as a quarter. */
function found(strings: readonly string[], values: Record<string, Hex>): string[] {
  const text = strings.join('\n')
  const lower = text.toLowerCase()
  const hits: string[] = []
  for (const [name, value] of Object.entries(values)) {
    for (const spelling of spellings(value)) {
      const isHex = /^[0-9a-f]+$/.test(spelling)
      const haystack = isHex ? lower : text
      // Quarters (11 characters or more: 66 random bits) are no accident in the snapshot.
      const quarter = Math.floor(spelling.length / 4)
      const parts = [0, 1, 2, 3].map((i) => spelling.slice(i * quarter, (i + 1) * quarter))
      if (parts.some((part) => haystack.includes(part))) hits.push(`${name} (${spelling})`)
    }
  }
  return hits
}

/**
 * Which of `needles` the process's whole memory holds, as root reads it (`/proc/<pid>/mem`,
 * every readable mapping): freed memory not yet written over and the bytes of Buffers and
 * WebAssembly memory too, which a heap snapshot leaves out.
 */
function inProcessMemory(pid: number, needles: Record<string, Buffer>): string[] {
  const fd = openSync(`/proc/${pid}/mem`, 'r')
  const hits = new Set<string>()
  try {
    for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').trim().split('\n')) {
      const [range = '', perms = ''] = line.split(' ')
      const [start = 0, end = 0] = range.split('-').map((hex) => Number.parseInt(hex, 16))
      // Unreadable and reserved-only mappings (PROT_NONE) hold nothing to read.
      if (!perms.startsWith('r') || end - start > 2 ** 31) continue
      const bytes = Buffer.alloc(end - start)
      try {
        readSync(fd, bytes, 0, bytes.length, start)
      } catch {
        continue // [vvar] and the like refuse reads
      }
      for (const [name, needle] of Object.entries(needles)) {
        if (bytes.includes(needle)) hits.add(name)
      }
    }
  } finally {
    closeSync(fd)
  }
  return [...hits]
}

describe("the server's memory after a login, a recovery and a rotation", () => {
  it('holds the seal key, and neither the wallet key nor any share of it', async () => {
    const privateKey = generatePrivateKey()
    const first = await splitKey(privateKey)
    const visitor = await login()
    const stored = await call('/wallet', { body: walletBody(first), token: visitor.session.token })
    expect(stored.status).toBe(201)

    // A new browser: a new code, once the address's cooldown is over (a real wait: the server
    // runs on the real clock).
    await new Promise((resolve) => setTimeout(resolve, (EMAIL_OTP_COOLDOWN_SECONDS + 1) * 1000))
    const again = await login(visitor.email)
    const token = again.session.token
    const recovery = await call('/shares/recovery', { token })
    expect(await recovery.json()).toEqual({ recoveryShare: first.recoveryShare })
    const auth = await call('/shares/auth', { token })
    expect(await auth.json()).toEqual({ authShare: first.authShare })
    const rotated = await splitKey(privateKey)
    const put = await call('/wallet', { method: 'PUT', body: walletBody(rotated), token })
    expect(put.status).toBe(200)

    const snapshot = snapshotStrings(await heapSnapshot())
    // The control: the seal key the server holds (as the hex it was configured with).
    expect(found(snapshot, { sealKey: `0x${sealKey}` })).not.toEqual([])
    expect(
      found(snapshot, {
        privateKey,
        authShare: first.authShare,
        recoveryShare: first.recoveryShare,
        newAuthShare: rotated.authShare,
        newRecoveryShare: rotated.recoveryShare,
      }),
    ).toEqual([])

    // The whole process, after the snapshot's full garbage collection: the key's bytes and
    // digits are gone too. (Before such a collection they are still there, in freed memory; the
    // auth share is in PGlite's pages and request buffers keep shares: README, custody table.)
    const pid = server.child.pid as number
    expect(inProcessMemory(pid, { sealKey: Buffer.from(sealKey, 'latin1') })).toEqual(['sealKey'])
    expect(
      inProcessMemory(pid, {
        keyBytes: Buffer.from(hexToBytes(privateKey)),
        keyHex: Buffer.from(privateKey.slice(2), 'latin1'),
        keyHexUtf16: Buffer.from(privateKey.slice(2), 'utf16le'),
      }),
    ).toEqual([])
  }, 180_000)
})
