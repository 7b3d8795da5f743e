// @vitest-environment node
// (Node's own fetch and WebCrypto: the server and the mail catcher run in this process.)
// What the frame leaves at rest on its origin, against the real server: after a login, a copy
// of everything localStorage and IndexedDB hold gives neither the device share nor the session
// token (so, with the server's auth share, still no key); a device share and session stored in
// the clear by an earlier frame are sealed on first read; a browser without IndexedDB keeps
// them in memory only.
import { randomBytes } from 'node:crypto'
import { type MailCatcher, startMailCatcher } from '@portico/devnet'
import { DEV_PROJECT_ID, loadConfig, type RunningServer, startServer } from '@portico/server'
import { createFreshDatabase } from '@portico/server/testing'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONNECTED_ORIGINS_KEY } from './connected-origins'
import { createFrameStorage, FRAME_STORAGE_KEYS } from './frame-storage'
import { combineShares } from './key-shares'
import { browserSeal, memoryStorage, memoryStore } from './test/memory-storage'
import { dumpBrowserStorage, dumpText } from './test/storage-dump'
import { loadTestFrame, type TestFrameOptions } from './test/test-frame'

let server: RunningServer
let catcher: MailCatcher
let dropDatabase: () => Promise<void>
const clock = { now: Date.now() }

beforeAll(async () => {
  catcher = await startMailCatcher()
  const database = await createFreshDatabase()
  dropDatabase = () => database.drop()
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: database.location.dataDir,
    LOG_LEVEL: 'silent',
    PORTICO_INDEXER: '0',
    SMTP_URL: catcher.smtpUrl,
    PORTICO_SHARE_SEAL_KEY: randomBytes(32).toString('hex'),
    ...(database.location.databaseUrl ? { DATABASE_URL: database.location.databaseUrl } : {}),
  }
  server = await startServer(loadConfig(env, { port: 0, chains: {} }), {
    clock: () => clock.now,
  })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await catcher?.stop()
  await dropDatabase?.()
})

/** A frame page in the browser whose localStorage is `memory` (nothing here draws). */
function loadFrame(memory: Map<string, string>, options: Partial<TestFrameOptions> = {}) {
  const root = {} as HTMLElement
  return loadTestFrame({ projectId: DEV_PROJECT_ID, apiUrl: server.url, memory, root, ...options })
}

async function logIn(frame: ReturnType<typeof loadFrame>, email: string): Promise<string> {
  const since = catcher.count()
  await frame.request('CONNECT_EMAIL', { email })
  const code = /\b(\d{6})\b/.exec((await catcher.waitForMail(email, { since })).subject)?.[1]
  await frame.request('CONNECT_OTP', { otp: code })
  return (await frame.request<{ address: string }>('GET_USER', {})).address
}

/** What the frame itself reads from its storage (it holds the wrap key). */
async function frameView(memory: Map<string, string>) {
  const storage = memoryStorage(memory)
  await storage.load()
  return { token: storage.session()?.token, device: storage.deviceShare() }
}

async function authShare(token: string): Promise<Hex> {
  const response = await fetch(
    `${server.url}/v1/embedded-wallet/shares/auth?projectId=${DEV_PROJECT_ID}`,
    { headers: { authorization: `Bearer ${token}` } },
  )
  return ((await response.json()) as { authShare: Hex }).authShare
}

/** Every way a secret could be written down: as text, hex in either case, base64 of its bytes. */
function forms(secret: string): string[] {
  const hex = secret.startsWith('0x') ? secret.slice(2) : undefined
  return hex === undefined
    ? [secret]
    : [hex, hex.toUpperCase(), Buffer.from(hex, 'hex').toString('base64')]
}

const newEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`

describe('the frame’s storage at rest', { timeout: 30_000 }, () => {
  it('gives, copied whole, neither the device share nor the session token, so no key', async () => {
    const memory = new Map<string, string>()
    const address = await logIn(loadFrame(memory), newEmail('dump'))
    const { token, device } = await frameView(memory)
    if (!token || !device) throw new Error('the frame keeps no session or device share')
    const auth = await authShare(token)
    const key = await combineShares(device.share as Hex, auth, address)
    expect(key).toBeDefined()

    const dump = await dumpBrowserStorage(memory)
    const text = dumpText(dump)
    for (const secret of [device.share, token, key as string]) {
      for (const form of forms(secret)) expect(text).not.toContain(form)
    }
    // localStorage: the device share and session as ciphertext beside their clear fields.
    expect(JSON.parse(dump.localStorage[FRAME_STORAGE_KEYS.deviceShare] ?? '')).toEqual({
      address,
      sealed: expect.stringMatching(/^[\w-]{16}\.[\w-]+$/),
    })
    expect(JSON.parse(dump.localStorage[FRAME_STORAGE_KEYS.session] ?? '')).toEqual({
      expiresAt: expect.any(String),
      sealed: expect.stringMatching(/^[\w-]{16}\.[\w-]+$/),
    })
    // IndexedDB: one record, the wrap key, a handle whose bytes the browser will not give out.
    const records = Object.values(dump.indexedDb).flatMap((stores) => Object.values(stores).flat())
    expect(records).toHaveLength(1)
    const wrapKey = records[0]?.value as CryptoKey
    expect(wrapKey).toBeInstanceOf(CryptoKey)
    expect(wrapKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', wrapKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', wrapKey)).rejects.toThrow()
    expect(JSON.stringify(records[0]?.value)).toBe('{}')

    // Nothing in the copy is shaped like a share, to combine with the server's auth share.
    expect(text.match(/0x[0-9a-fA-F]{66}(?![0-9a-fA-F])/g)).toBeNull()
    // The copy laid into another browser (its localStorage; the wrap key cannot be carried as
    // data): no session, no device share, not connected.
    const copy = new Map(Object.entries(dump.localStorage))
    expect(await frameView(copy)).toEqual({ token: undefined, device: undefined })
    expect(await loadFrame(copy).request('IS_CONNECTED')).toEqual({ isConnected: false })
    // The frame that holds the key still reconnects from the same storage.
    expect(await loadFrame(memory).request('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('refuses a sealed device share whose address was edited, or pasted into the session', async () => {
    const memory = new Map<string, string>()
    await logIn(loadFrame(memory), newEmail('edit'))
    const stored = JSON.parse(memory.get(FRAME_STORAGE_KEYS.deviceShare) ?? '') as {
      sealed: string
    }
    const edited = new Map(memory)
    edited.set(
      FRAME_STORAGE_KEYS.deviceShare,
      JSON.stringify({ address: `0x${'1'.repeat(40)}`, sealed: stored.sealed }),
    )
    edited.set(
      FRAME_STORAGE_KEYS.session,
      JSON.stringify({ expiresAt: new Date(clock.now + 60_000).toISOString(), ...stored }),
    )
    // Same browser (same IndexedDB and wrap key), other clear fields: neither opens.
    const storage = createFrameStorage(memoryStore(edited), browserSeal(memory))
    await storage.load()
    expect(storage.deviceShare()).toBeUndefined()
    expect(storage.session()).toBeUndefined()
  })

  it('seals a device share and session an earlier frame stored in the clear, on first read', async () => {
    const memory = new Map<string, string>()
    const email = newEmail('legacy')
    const address = await logIn(loadFrame(memory), email)
    const { token, device } = await frameView(memory)
    if (!token || !device) throw new Error('the frame keeps no session or device share')
    // As a frame before sealing left them, in a browser that has no wrap key yet.
    const session = JSON.parse(memory.get(FRAME_STORAGE_KEYS.session) ?? '') as {
      expiresAt: string
    }
    const legacy = new Map([
      [FRAME_STORAGE_KEYS.session, JSON.stringify({ token, expiresAt: session.expiresAt })],
      [FRAME_STORAGE_KEYS.email, email],
      [FRAME_STORAGE_KEYS.deviceShare, JSON.stringify(device)],
      // The page the login was made on (kept in the clear: it holds no secret).
      [CONNECTED_ORIGINS_KEY, memory.get(CONNECTED_ORIGINS_KEY) ?? ''],
    ])
    const storage = memoryStorage(legacy)
    const frame = loadFrame(legacy, { storage })
    expect(await frame.request('IS_CONNECTED')).toEqual({ isConnected: true })
    expect((await frame.request<{ address: string }>('GET_USER', {})).address).toBe(address)
    await storage.flush()
    const text = dumpText(await dumpBrowserStorage(legacy))
    for (const secret of [device.share, token]) {
      for (const form of forms(secret)) expect(text).not.toContain(form)
    }
    expect(legacy.get(FRAME_STORAGE_KEYS.deviceShare)).toContain('"sealed"')
    expect(legacy.get(FRAME_STORAGE_KEYS.session)).toContain('"sealed"')
    expect(await frameView(legacy)).toEqual({ token, device })
    expect(await loadFrame(legacy).request('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('without IndexedDB, keeps the session and device share in memory only and never in the clear', async () => {
    const memory = new Map<string, string>()
    const noIndexedDb = () => createFrameStorage(memoryStore(memory), Promise.resolve(undefined))
    const email = newEmail('no-idb')
    const address = await logIn(loadFrame(memory, { storage: noIndexedDb() }), email)
    expect(memory.has(FRAME_STORAGE_KEYS.session)).toBe(false)
    expect(memory.has(FRAME_STORAGE_KEYS.deviceShare)).toBe(false)
    // A reload has nothing to reconnect with: the person logs in again, and the server's two
    // shares (right after that login) give the same address.
    const reloaded = loadFrame(memory, { storage: noIndexedDb() })
    expect(await reloaded.request('IS_CONNECTED')).toEqual({ isConnected: false })
    clock.now += 31_000
    expect(await logIn(reloaded, email)).toBe(address)
    expect(memory.has(FRAME_STORAGE_KEYS.deviceShare)).toBe(false)
  })
})
