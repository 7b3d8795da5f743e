// Load on the WalletConnect relay: the server runs in a process of its own, built and under
// plain node as in production (see buildServer), and this process is the load generator, so the
// two share the machine's cores but not an event loop. 1,000 WebSocket clients on 127.0.0.1,
// each with its own Ed25519 key and JWT, in 500 pairs; both clients of a pair subscribe to the
// pair's topic (as a dapp and a wallet do to a session topic). One client of each pair publishes
// (from this thread, at a fixed offered rate, every message carrying its send time on the
// process's monotonic clock); the other receives it in a worker thread (relay-receivers.ts),
// notes the arrival time before anything else, and acknowledges it (as the SDK does). Sending
// and receiving on separate event loops keeps the generator's own lag out of the
// publish-to-delivery figure.
// Each run also reports the CPU time the server and the generator spent per message, a figure
// that holds when other work on the machine makes latencies noisy.
// A session is the server and its connected pairs; its runs can be told apart by what happens
// between them (relay.ts: several rates; relay-abuse.ts: without and with hostile clients).
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Worker } from 'node:worker_threads'
import { DEV_PROJECT_ID } from '@portico/server'
import {
  createFreshDatabase,
  createRelayTestIdentity,
  startServerProcess,
  startTypeScriptWorker,
} from '@portico/server/testing'
import type WebSocket from 'ws'
import { v8PoolSizeOption } from '../../scripts/v8-pool-size.mjs'
import { gcObserverPath, readServerPauses, type ServerGcFigures, serverGcFigures } from './relay-gc'
import { generatorCpuMicros, percentile, processCpuMicros, round } from './relay-measures'
import type { FromReceivers, ReceiversData, ToReceivers } from './relay-receivers'
import { benchClock, openSocket, pairAddress, subscribeAll } from './relay-socket'
import { nextMessage } from './relay-worker-message'

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
  /** Every delivered message's latency in ms, ascending (for percentiles over several runs). */
  sortedLatenciesMs: Float64Array
  /** Publishes the relay refused or left unanswered. */
  failures: number
  /** p99 of how late the generator sent a publish against its schedule (its own lag). */
  generatorLagP99Ms: number
  /** CPU time of the server process per delivered message (user + system), in microseconds. */
  serverCpuMicrosPerMessage: number
  /** Likewise for this process, the load generator (1,000 clients' parsing and acks). */
  generatorCpuMicrosPerMessage: number
  /** The server thread's garbage collection pauses in the run (none where it could not say). */
  serverGc: ServerGcFigures | undefined
}

export interface RelayBenchOptions {
  clients?: number
  rates?: number[]
  seconds?: number
  /** Redis for the server (fan-out and rate limits); none: in process. */
  redisUrl?: string
  /** Characters per message (a WalletConnect envelope is a few hundred base64 characters). */
  messageChars?: number
  /**
   * More environment for the server process (a NODE_OPTIONS here replaces the bench's own; Node
   * refuses --cpu-prof there, so profile with an --import of a module that starts the profiler).
   */
  serverEnv?: NodeJS.ProcessEnv
  /**
   * Source addresses (loopback: 127.x.y.z) the pairs take in turn, so that no address carries
   * more than its share of sockets and publishes; none: every client on 127.0.0.1.
   */
  clientAddresses?: readonly string[]
  /** Node options for the server process after the bench's own (e.g. another --import). */
  serverNodeOptions?: readonly string[]
  /** Called as each measured run starts, with the server's process id (to profile a run). */
  onRunStart?: (rate: number, serverPid: number | undefined) => void
}

export interface RelaySession {
  serverPid: number | undefined
  /** The relay's WebSocket URL with the project id; a client adds `&auth=<its JWT>`. */
  relayUrl: string
  /** The pairs' topics: both clients of pair i subscribe to topics[i]. */
  topics: readonly string[]
  clients: number
  database: 'PGlite' | 'PostgreSQL'
  /** How long connecting and subscribing every client took. */
  connectSeconds: number
  /** Publishes `rate` a second for `seconds`; resolves once all are delivered (or 5 s after). */
  run(rate: number, seconds: number): Promise<RelayRateFigures>
  /** Ends the clients, the server and its database. */
  close(): Promise<void>
}

let built: Promise<void> | undefined

/**
 * Builds the server as production runs it (apps/server/scripts/build.mjs, esbuild without
 * keepNames). Under tsx every closure the relay makes per frame and per delivery also had its
 * name set by a call (`__name`), a cost production does not pay: with the built server the
 * abuse bench's server made 9-10 young-generation collections a run without hostile clients and
 * 12-14 with them (three runs of 5 pairs), against 9-11 and 14-15 under tsx (2026-11-25).
 */
function buildServer(): Promise<void> {
  const serverRoot = fileURLToPath(new URL('../../apps/server/', import.meta.url))
  // Once per bench process: a second session (the abuse bench's decoy) rewriting dist/ under a
  // running server would have it load a chunk mid-write.
  built ??= promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot }).then(
    () => undefined,
  )
  return built
}

export async function openRelaySession(options: RelayBenchOptions = {}): Promise<RelaySession> {
  const clientCount = options.clients ?? 1_000
  const messageChars = options.messageChars ?? 300
  const padding = 'x'.repeat(messageChars)

  await buildServer()
  const database = await createFreshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-relay-'))
  const gcFile = join(dataDir, 'server-gc.json')
  const server = startServerProcess(
    {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: database.location.databaseUrl ? dataDir : database.location.dataDir,
      DATABASE_URL: database.location.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      REDIS_KEY_PREFIX: `portico-bench-relay:${process.pid}:`,
      LOG_LEVEL: 'error',
      PORTICO_INDEXER: '0',
      // As the server should run (see the note in its README): V8's own heap sizes and a core
      // kept from the collector's helper threads. The observer notes the thread's GC pauses for
      // the figures (relay-gc.ts).
      NODE_OPTIONS: [
        v8PoolSizeOption(),
        `--import ${gcObserverPath}`,
        ...(options.serverNodeOptions ?? []),
      ].join(' '),
      RELAY_BENCH_GC_FILE: gcFile,
      ...options.serverEnv,
    },
    // A session of its own, as a service manager starts the server: its PGlite thread then
    // yields to the server's own threads only (db/thread-priority.ts).
    { built: true, ownSession: true },
  )
  const publishers: WebSocket[] = []
  let receivers: Worker | undefined

  async function close(): Promise<void> {
    for (const socket of publishers) socket.terminate()
    if (receivers) {
      receivers.postMessage({ kind: 'close' } satisfies ToReceivers)
      await receivers.terminate()
    }
    if (server.child.exitCode === null && server.child.signalCode === null) {
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
      server.child.kill('SIGTERM')
      await server.exited
      clearTimeout(timer)
    }
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    const url = await Promise.race([
      server.url,
      server.exited.then(() => {
        throw new Error(`the server exited before listening: ${server.stderr()}`)
      }),
    ])
    const relayUrl = `${url.replace('http', 'ws')}/relay?projectId=${DEV_PROJECT_ID}&ua=bench`

    let answered = 0
    let failures = 0

    const connectStarted = performance.now()
    const pairs = clientCount / 2
    const topics = Array.from({ length: pairs }, () => randomBytes(32).toString('hex'))
    const urlOf = () => `${relayUrl}&auth=${createRelayTestIdentity().jwt()}`
    // The receiving client of each pair in a worker thread (see relay-receivers.ts).
    const addresses = [...(options.clientAddresses ?? [])]
    const receiversData: ReceiversData = { urls: topics.map(urlOf), topics, addresses }
    const worker = startTypeScriptWorker(
      new URL('./relay-receivers.ts', import.meta.url),
      receiversData,
    )
    receivers = worker
    const fromReceivers = <Kind extends FromReceivers['kind']>(kind: Kind) =>
      nextMessage<FromReceivers, Kind>(worker, kind)
    const toReceivers = (message: ToReceivers) => worker.postMessage(message)
    const receiversReady = fromReceivers('ready')
    // The publishing client of each pair here, 100 at a time: each upgrade is a JWT check.
    for (let start = 0; start < pairs; start += 100) {
      const batch = topics.slice(start, start + 100).map(urlOf)
      publishers.push(
        ...(await Promise.all(
          batch.map((url, index) => openSocket(url, pairAddress(addresses, start + index))),
        )),
      )
    }
    for (const socket of publishers) {
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { id: number | string; error?: unknown }
        // An answer to an earlier run's publish (late under load) is not this run's.
        if (typeof frame.id === 'string' && frame.id.startsWith('p') && answerOfThisRun(frame.id)) {
          answered += 1
          if (frame.error) failures += 1
          if (answered >= expectedAnswers) onAnswered()
        }
      })
    }
    // Both clients of each pair subscribe to its topic.
    await subscribeAll(publishers, topics)
    await receiversReady
    const connectSeconds = round((performance.now() - connectStarted) / 1000)

    let expectedAnswers = Number.POSITIVE_INFINITY
    let onAnswered: () => void = () => {}
    let seq = 0
    let runBase = 0
    const answerOfThisRun = (id: string) => Number(id.slice(1)) >= runBase
    async function run(rate: number, runSeconds: number): Promise<RelayRateFigures> {
      const total = rate * runSeconds
      // sequence numbers continue across runs so a late delivery of the last run is not counted
      const base = seq
      runBase = base
      toReceivers({ kind: 'run', base, total })
      const allDelivered = fromReceivers('delivered')
      const lags = new Float64Array(total)
      answered = 0
      failures = 0
      expectedAnswers = total
      const allAnswered = new Promise<void>((resolve) => {
        onAnswered = resolve
      })
      const serverCpuBefore = processCpuMicros(server.child.pid)
      const generatorCpuBefore = generatorCpuMicros()
      const started = benchClock()
      let sent = 0
      await new Promise<void>((resolve) => {
        const tick = () => {
          const now = benchClock()
          const due = Math.min(total, Math.floor(((now - started) * rate) / 1000))
          while (sent < due) {
            const number = base + sent
            const pair = number % pairs
            const at = benchClock()
            lags[sent] = at - (started + (sent * 1000) / rate)
            publishers[pair]?.send(
              `{"id":"p${number}","jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topics[pair]}","message":"${number}:${at.toFixed(4)}:${padding}","ttl":300,"tag":1108}}`,
            )
            sent += 1
          }
          if (sent < total) setTimeout(tick, 1)
          else resolve()
        }
        tick()
      })
      seq = base + total
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.all([allDelivered, allAnswered]),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, 5_000)
        }),
      ])
      clearTimeout(timer)
      expectedAnswers = Number.POSITIVE_INFINITY
      const serverCpu = processCpuMicros(server.child.pid) - serverCpuBefore
      const generatorCpu = generatorCpuMicros() - generatorCpuBefore
      const finished = fromReceivers('figures')
      toReceivers({ kind: 'finish' })
      const { latencies, sentAt, lastDeliveryAt } = await finished
      const delivered = latencies.length
      const measured = latencies.slice().sort()
      const elapsed = (lastDeliveryAt - started) / 1000
      const p99Ms = percentile(measured, 0.99)
      const pauses = await readServerPauses(server.child, gcFile)
      return {
        offeredRate: rate,
        seconds: runSeconds,
        published: total,
        delivered,
        messagesPerSecond: Math.round(delivered / elapsed),
        p50Ms: round(percentile(measured, 0.5)),
        p99Ms: round(p99Ms),
        maxMs: round(percentile(measured, 1)),
        sortedLatenciesMs: measured,
        failures: failures + (total - answered),
        generatorLagP99Ms: round(percentile(lags.sort(), 0.99)),
        serverCpuMicrosPerMessage: Math.round(serverCpu / Math.max(1, delivered)),
        generatorCpuMicrosPerMessage: Math.round(generatorCpu / Math.max(1, delivered)),
        serverGc: pauses
          ? serverGcFigures(pauses, started, lastDeliveryAt, latencies, sentAt, p99Ms)
          : undefined,
      }
    }

    return {
      serverPid: server.child.pid,
      relayUrl,
      topics,
      clients: clientCount,
      database: database.location.databaseUrl ? 'PostgreSQL' : 'PGlite',
      connectSeconds,
      run,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
