// The relay under abuse: one server, one session of 1,000 valid clients in 500 pairs
// (relay-session.ts), two timed runs at the same offered rate: the first alone, the second
// while hostile clients (relay-abuse-attacks.ts, in a worker thread) send oversized JWTs, read
// nothing, and publish with a new key per connection. The server's memory is read from inside
// it (relay-abuse-memory.ts) before, during and after, each "before" and "after" right after a
// full collection so that it counts what is held, not garbage not yet collected.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTypeScriptWorker } from '@portico/server/testing'
import type { HostileCounts, HostileSettings } from './relay-abuse-attacks'
import type { FromHostile, ToHostile } from './relay-abuse-hostile'
import { type ServerMemory, ServerMemoryProbe } from './relay-abuse-memory'
import { openRelaySession, type RelayRateFigures } from './relay-session'
import { nextMessage } from './relay-worker-message'

/** What the hostile clients do; the topics come from the session. */
export type HostileLoad = Omit<HostileSettings, 'relayUrl' | 'busyTopics' | 'floodTopics'> & {
  floodTopics: number
}

export const DEFAULT_HOSTILE_LOAD: HostileLoad = {
  localAddress: '127.0.0.2',
  jwtConnections: 4,
  jwtPerSecond: 200,
  jwtChars: 15_000,
  slowReaders: 8,
  slowReaderBusyTopics: 25,
  slowReaderHoldMs: 8_000,
  churners: 4,
  churnWindow: 16,
  publishesPerKey: 100,
  floodChars: 4_000,
  floodTopics: 8,
}

/**
 * The valid pairs' source addresses: 20 of them, so each carries 50 sockets and 50 publishes a
 * second at 1,000 msg/s, within the relay's default per-address limits, which then stay as they
 * are for the hostile clients' address.
 */
export const VALID_CLIENT_ADDRESSES = Array.from(
  { length: 20 },
  (_, index) => `127.0.1.${index + 1}`,
)

export interface RelayAbuseOptions {
  /** Valid clients (in pairs). */
  clients?: number
  /** Messages a second the valid clients publish, in both runs. */
  rate?: number
  /** Length of each run. */
  seconds?: number
  /** Between the hostile clients' start and the second run: they subscribe and fill up. */
  rampSeconds?: number
  /** When the memory is read after the hostile clients left, in seconds after they did. */
  readingsAfter?: readonly number[]
  hostile?: Partial<HostileLoad>
}

export interface RelayAbuseMemory {
  /** After the warm-up, before the first run (after a full collection). */
  start: ServerMemory
  /** Highest live figures during the run without hostile clients. */
  withoutPeak: ServerMemory
  /** Right before the hostile clients start (after a full collection). */
  beforeHostile: ServerMemory
  /** Highest live figures while the hostile clients ran. */
  hostilePeak: ServerMemory
  /**
   * At each of `readingsAfter` seconds after they left: first as it is, then after a full
   * collection. The server frees what it held in its own time (PGlite's thread, glibc's heap),
   * so the last is the one to compare with `beforeHostile`.
   */
  after: Array<{ seconds: number; live: ServerMemory; collected: ServerMemory }>
}

export interface RelayAbuseFigures {
  clients: number
  rate: number
  seconds: number
  database: string
  connectSeconds: number
  without: RelayRateFigures
  withHostile: RelayRateFigures
  /** The machine's one-minute load average as each run ended (other work on its cores). */
  loadAverage: { without: number; withHostile: number }
  validAddresses: readonly string[]
  hostile: {
    load: HostileLoad
    counts: HostileCounts
    seconds: number
    /** Share of the time the hostile worker's event loop was busy (about its share of a core). */
    busy: number
    unfinishedLoops: number
    loopErrors: string[]
  }
  memory: RelayAbuseMemory
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))

export async function measureRelayAbuse(
  options: RelayAbuseOptions = {},
): Promise<RelayAbuseFigures> {
  const rate = options.rate ?? 1_000
  const seconds = options.seconds ?? 20
  const rampSeconds = options.rampSeconds ?? 2
  const readingsAfter = options.readingsAfter ?? [5, 15, 30]
  const load: HostileLoad = { ...DEFAULT_HOSTILE_LOAD, ...options.hostile }

  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-relay-abuse-'))
  const probe = new ServerMemoryProbe(join(dir, 'server-memory.json'))
  const session = await openRelaySession({
    clients: options.clients,
    clientAddresses: VALID_CLIENT_ADDRESSES,
    serverEnv: probe.serverEnv(),
    serverNodeOptions: ServerMemoryProbe.nodeOptions,
  })
  try {
    // A short run first: lets the JIT, the database and the sockets settle.
    await session.run(rate, 2)
    const start = await probe.afterFullGc()

    let peak = probe.watchPeak()
    const without = await session.run(rate, seconds)
    const loadWithout = loadavg()[0] ?? 0
    const withoutPeak = peak.stop()
    const beforeHostile = await probe.afterFullGc()

    peak = probe.watchPeak()
    const { floodTopics, ...rest } = load
    const settings: HostileSettings = {
      ...rest,
      relayUrl: session.relayUrl,
      busyTopics: session.topics,
      floodTopics: Array.from({ length: floodTopics }, () => randomBytes(32).toString('hex')),
    }
    const hostile = startTypeScriptWorker(
      new URL('./relay-abuse-hostile.ts', import.meta.url),
      settings,
    )
    try {
      await nextMessage<FromHostile, 'started'>(hostile, 'started')
      await sleep(rampSeconds)
      const withHostile = await session.run(rate, seconds)
      const loadWithHostile = loadavg()[0] ?? 0
      const answer = nextMessage<FromHostile, 'stopped'>(hostile, 'stopped')
      hostile.postMessage({ kind: 'stop' } satisfies ToHostile)
      const stopped = await answer
      const hostilePeak = peak.stop()

      const after: RelayAbuseMemory['after'] = []
      const left = Date.now()
      for (const seconds of readingsAfter) {
        await sleep(Math.max(0, seconds - (Date.now() - left) / 1000))
        const live = probe.live() ?? hostilePeak
        after.push({ seconds, live, collected: await probe.afterFullGc() })
      }
      return {
        clients: session.clients,
        rate,
        seconds,
        database: session.database,
        connectSeconds: session.connectSeconds,
        without,
        withHostile,
        loadAverage: { without: loadWithout, withHostile: loadWithHostile },
        validAddresses: VALID_CLIENT_ADDRESSES,
        hostile: {
          load,
          counts: stopped.counts,
          seconds: stopped.seconds,
          busy: stopped.busy,
          unfinishedLoops: stopped.unfinishedLoops,
          loopErrors: stopped.loopErrors,
        },
        memory: { start, withoutPeak, beforeHostile, hostilePeak, after },
      }
    } finally {
      await hostile.terminate()
    }
  } finally {
    await session.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
