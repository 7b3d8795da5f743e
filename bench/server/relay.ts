// Load on the WalletConnect relay: the server runs in a process of its own (`src/main.ts`, as in
// production) and this process is the load generator, so the two share the machine's cores but
// not an event loop. 1,000 WebSocket clients on 127.0.0.1, each with its own Ed25519 key and
// JWT, in 500 pairs; both clients of a pair subscribe to the pair's topic (as a dapp and a
// wallet do to a session topic). Clients publish in turn at a fixed offered rate, every message
// carrying its send time (this process's clock); the other client of the pair receives it,
// acknowledges it (as the SDK does) and the publish-to-delivery latency is taken from that time.
// Each run also reports the CPU time the server and the generator spent per message, a figure
// that holds when other work on the machine makes latencies noisy.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { DEV_PROJECT_ID } from '../../apps/server/src/projects/dev-project'
import { createRelayTestIdentity } from '../../apps/server/src/relay/relay-test-identity'
import { createFreshDatabase } from '../../apps/server/src/test/fresh-database'
import { startServerProcess } from '../../apps/server/src/test/server-process'

export interface RelayRateFigures {
  offeredRate: number
  seconds: number
  published: number
  delivered: number
  /** Deliveries over the time from the first publish to the last delivery. */
  messagesPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  /** Publishes the relay refused or left unanswered. */
  failures: number
  /** p99 of how late the generator sent a publish against its schedule (its own lag). */
  generatorLagP99Ms: number
  /** CPU time of the server process per delivered message (user + system), in microseconds. */
  serverCpuMicrosPerMessage: number
  /** Likewise for this process, the load generator (1,000 clients' parsing and acks). */
  generatorCpuMicrosPerMessage: number
}

export interface RelayFigures {
  clients: number
  database: string
  fanout: string
  connectSeconds: number
  rates: RelayRateFigures[]
}

export interface RelayBenchOptions {
  clients?: number
  rates?: number[]
  seconds?: number
  /** Redis for the server (fan-out and rate limits); none: in process. */
  redisUrl?: string
  /** Characters per message (a WalletConnect envelope is a few hundred base64 characters). */
  messageChars?: number
  /** More environment for the server process (e.g. NODE_OPTIONS=--cpu-prof to profile it). */
  serverEnv?: NodeJS.ProcessEnv
  /** Called as each measured run starts, with the server's process id (to profile a run). */
  onRunStart?: (rate: number, serverPid: number | undefined) => void
}

/** User + system CPU time of a process so far, in microseconds (Linux /proc; 0 elsewhere). */
function processCpuMicros(pid: number | undefined): number {
  if (pid === undefined) return 0
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second)
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return 0
  }
}

const generatorCpuMicros = () => {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

interface Client {
  socket: WebSocket
  topic: string
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}

const round = (ms: number) => Math.round(ms * 100) / 100

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

export async function measureRelay(options: RelayBenchOptions = {}): Promise<RelayFigures> {
  const clientCount = options.clients ?? 1_000
  const rates = options.rates ?? [1_000, 2_500, 5_000]
  const seconds = options.seconds ?? 10
  const messageChars = options.messageChars ?? 300
  const padding = 'x'.repeat(messageChars)

  const database = await createFreshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-relay-'))
  const server = startServerProcess({
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: database.location.databaseUrl ? dataDir : database.location.dataDir,
    DATABASE_URL: database.location.databaseUrl ?? '',
    REDIS_URL: options.redisUrl ?? '',
    REDIS_KEY_PREFIX: `portico-bench-relay:${process.pid}:`,
    LOG_LEVEL: 'error',
    PORTICO_INDEXER: '0',
    ...options.serverEnv,
  })
  const clients: Client[] = []
  try {
    const url = await Promise.race([
      server.url,
      server.exited.then(() => {
        throw new Error(`the server exited before listening: ${server.stderr()}`)
      }),
    ])
    const relayUrl = `${url.replace('http', 'ws')}/relay?projectId=${DEV_PROJECT_ID}&ua=bench`

    // Per-run state; sequence numbers below `runBase` belong to an earlier run.
    let runBase = 0
    let latencies = new Float64Array(0)
    let delivered = 0
    let answered = 0
    let failures = 0
    let lastDeliveryAt = 0
    let onDelivered: () => void = () => {}

    const connectStarted = performance.now()
    const identities = Array.from({ length: clientCount }, () => createRelayTestIdentity())
    const topics = Array.from({ length: clientCount / 2 }, () => randomBytes(32).toString('hex'))
    // 100 at a time: each upgrade is a JWT check on the server.
    for (let start = 0; start < clientCount; start += 100) {
      const batch = identities.slice(start, start + 100)
      const sockets = await Promise.all(
        batch.map((identity) => open(`${relayUrl}&auth=${identity.jwt()}`)),
      )
      sockets.forEach((socket, offset) => {
        const index = start + offset
        clients.push({ socket, topic: topics[Math.floor(index / 2)] as string })
      })
    }
    for (const client of clients) {
      client.socket.on('message', (data: Buffer) => {
        const text = data.toString()
        const frame = JSON.parse(text) as {
          id: number | string
          method?: string
          params?: { data: { message: string } }
          error?: unknown
        }
        if (frame.method === 'irn_subscription') {
          client.socket.send(`{"id":${frame.id},"jsonrpc":"2.0","result":true}`)
          // "<sequence number>:<send time in ms>:<padding>"
          const [seq, sent] = (frame.params?.data.message ?? '').split(':', 2).map(Number)
          const at = performance.now()
          if (seq === undefined || sent === undefined || !(seq >= runBase)) return
          latencies[delivered] = at - sent
          delivered += 1
          lastDeliveryAt = at
          onDelivered()
          return
        }
        if (typeof frame.id === 'string' && frame.id.startsWith('p')) {
          answered += 1
          if (frame.error) failures += 1
        }
      })
    }
    // Both clients of each pair subscribe to its topic.
    await Promise.all(
      clients.map(
        (client, index) =>
          new Promise<void>((resolve, reject) => {
            const id = `s${index}`
            const onAnswer = (data: Buffer) => {
              const frame = JSON.parse(data.toString()) as { id: unknown; error?: unknown }
              if (frame.id !== id) return
              client.socket.off('message', onAnswer)
              if (frame.error) reject(new Error(`subscribe refused: ${JSON.stringify(frame)}`))
              else resolve()
            }
            client.socket.on('message', onAnswer)
            client.socket.send(
              JSON.stringify({
                id,
                jsonrpc: '2.0',
                method: 'irn_subscribe',
                params: { topic: client.topic },
              }),
            )
          }),
      ),
    )
    const connectSeconds = round((performance.now() - connectStarted) / 1000)

    let seq = 0
    const figures: RelayRateFigures[] = []
    /** Publishes `rate` a second for `runSeconds`; resolves when all are delivered (or 5 s after). */
    async function run(rate: number, runSeconds: number): Promise<RelayRateFigures> {
      const total = rate * runSeconds
      // sequence numbers continue across runs so a late delivery of the last run is not counted
      const base = seq
      runBase = base
      latencies = new Float64Array(total)
      const lags = new Float64Array(total)
      delivered = 0
      answered = 0
      failures = 0
      const serverCpuBefore = processCpuMicros(server.child.pid)
      const generatorCpuBefore = generatorCpuMicros()
      const started = performance.now()
      let sent = 0
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = performance.now()
          const due = Math.min(total, Math.floor(((now - started) * rate) / 1000))
          while (sent < due) {
            const number = base + sent
            const client = clients[number % clientCount] as Client
            const at = performance.now()
            lags[sent] = at - (started + (sent * 1000) / rate)
            client.socket.send(
              `{"id":"p${number}","jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${client.topic}","message":"${number}:${at.toFixed(4)}:${padding}","ttl":300,"tag":1108}}`,
            )
            sent += 1
          }
          if (sent < total) setTimeout(tick, 1)
          else resolve()
        }
        tick()
      })
      seq = base + total
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000)
        onDelivered = () => {
          if (delivered >= total && answered >= total) {
            clearTimeout(timer)
            resolve()
          }
        }
        onDelivered()
      })
      onDelivered = () => {}
      const serverCpu = processCpuMicros(server.child.pid) - serverCpuBefore
      const generatorCpu = generatorCpuMicros() - generatorCpuBefore
      const measured = latencies.slice(0, delivered).sort()
      const elapsed = (lastDeliveryAt - started) / 1000
      return {
        offeredRate: rate,
        seconds: runSeconds,
        published: total,
        delivered,
        messagesPerSecond: Math.round(delivered / elapsed),
        p50Ms: round(percentile(measured, 0.5)),
        p99Ms: round(percentile(measured, 0.99)),
        maxMs: round(percentile(measured, 1)),
        failures: failures + (total - answered),
        generatorLagP99Ms: round(percentile(lags.sort(), 0.99)),
        serverCpuMicrosPerMessage: Math.round(serverCpu / Math.max(1, delivered)),
        generatorCpuMicrosPerMessage: Math.round(generatorCpu / Math.max(1, delivered)),
      }
    }

    // A short run first: lets the JIT, the database and the sockets settle.
    await run(Math.min(...rates), 2)
    for (const rate of rates) {
      options.onRunStart?.(rate, server.child.pid)
      figures.push(await run(rate, seconds))
    }
    return {
      clients: clientCount,
      database: database.location.databaseUrl ? 'PostgreSQL' : 'PGlite',
      fanout: options.redisUrl ? 'Redis pub/sub' : 'none (one instance)',
      connectSeconds,
      rates: figures,
    }
  } finally {
    for (const client of clients) client.socket.terminate()
    if (server.child.exitCode === null && server.child.signalCode === null) {
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
      server.child.kill('SIGTERM')
      await server.exited
      clearTimeout(timer)
    }
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
