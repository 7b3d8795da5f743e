// The relay under abuse: one server, one session of 1,000 valid clients in 500 pairs
// (relay-session.ts), timed in paired rounds at the same offered rate: a run alone, then a run
// while hostile clients (relay-abuse-attacks.ts) send oversized JWTs, read nothing, and publish
// with a new key per connection; then the next pair. The hostile clients run in a child process
// at the lowest CPU priority (relay-abuse-hostile-phase.ts): on the open internet an attacker
// pays for its CPU on its own machines, while on this 2-core machine a worker thread of the
// bench at normal priority took its CPU from the server and from the threads that time the
// valid clients, and the p99 ratio then measured this machine's cores as much as the relay. The
// offered attack is the same; the rates achieved are counted and printed beside it, so a run
// shows whether the attackers got the CPU to make it. Measured 2026-11-25, same server code,
// one run each on a quiet machine: in a worker thread the attackers took 23 % of a core and the
// pairs' ratios were 3.04, 5.40, 3.74, 4.02, 2.73x (median 3.74x); in the child process, 26 %
// of a core on otherwise idle time, 1.69, 1.43, 1.69, 2.31, 2.05x (median 1.69x).
// Later that day the relay was made cheaper to attack, each step measured here: an address that
// goes on past its 429s has its connections closed at accept (relay-connection-guard.ts),
// deliveries pause at 64 KiB unacknowledged, a mailbox push reads only what it can send, corks
// the socket and yields every 0.5 ms. Against the same achieved attack (200 oversized JWTs/s,
// 7.5 of 8 slow readers held, ~265 churned publishes/s, ~340 connections/s closed at accept)
// the server's CPU per valid message under attack went from 389-489 to 313-336 µs (230-250
// without), its young-generation pauses in a hostile run from 21-23 to 14-15 (9-10 without),
// its allocation under attack from +111 to +34 MB per 8 s, and the p99 with hostile clients
// from 2.63-3.12 ms to 2.21-2.31 ms (one pair 3.75). The runs without got faster too (1.42-2.07
// ms then, 1.02-1.62 now), so the ratios stayed near 2x: 2.31, 2.11, 1.93, 2.17, 2.09x (median
// 2.11x). Split by attack (3 pairs each, before the last three steps), slow readers alone gave
// 1.2-2.3x and churning publishers alone 1.8-2.7x for little CPU: long synchronous stretches and
// young-generation pauses (40-50 % of the slowest messages are in one) more than CPU.
// Rarer scavenges do not close the gap (earlier the same day, one run each, the server with V8's
// --max-semi-space-size): at 32 MB 3-5 young pauses a run without and 10-11 with (4.5-5.4 ms
// each), p99 0.86-2.37 ms without and 3.01-4.15 ms with, ratios 1.53, 3.81, 3.35, 1.29, 3.77x
// (median 3.35x); at 64 MB 2 without and 0-1 with, p99 0.83-1.46 and 2.57-3.79 ms, ratios
// 2.60, 2.37, 2.12, 3.28, 3.01x (median 2.60x), 38-42 % of the slowest still in a full or
// incremental pause. The run without gains more than the one with; the server keeps V8's default.
// The machine's other work changes from one minute to the next (a 1.4x to 2.9x spread of the
// p99 ratio between single runs an hour apart on a quiet machine), so each hostile run is
// compared with the run just before it; the figures are every pair's ratio and their median.
// How much of the ratio is the relay's own: the control (target 'decoy') sends the same attack to
// a second server on this machine, so the valid clients' relay sees none of it while the attack
// still takes the machine's cores (the attackers' kernel work, the decoy's event loop). Measured
// 2026-11-25, runs of 5 pairs: the control's medians 1.35x (under tsx), 1.64x and 1.20x, single
// pairs from 0.51x to 2.67x; the attack on the relay itself (built server) 1.87x, 1.98x, 2.08x,
// then with sockets closed at their third rate refusal 1.74x, 2.41x, 1.86x, pairs from 1.42x to
// 3.95x. So even a relay the attack never reaches misses "every pair within 2x" on these 2
// cores now and then, and the relay's own share is the gap between the medians. The server's
// young-generation pauses tell the two apart: 9-11 a run in the control whether attacked or
// not, 11-14 when the relay is the one attacked (8-10 without).
// 2026-12-06, on a machine about 1.8 times slower (valid messages 400-480 µs of server CPU each,
// young-generation pauses 5-8 ms): the slowest messages of a run were those caught in a
// collector pause, and the attack added 2-4 of them a run and a major collection every 2-3 s.
// The key-churning publishers cost most: about 180 publishes a second parsed, 116 of them
// refused, and 7 new keys a second (a JWT verified, a socket made) after the refusals closed
// their sockets. Since an address past its publish budget for the second now waits for the next
// one unread (RelayAddress.waitForNextSecond) instead of being refused, they made 75 publishes
// and 1 key a second; alone they cost 8-75 µs per valid message (+150 before), pairs 0.63-1.12x.
// The whole attack: medians 0.96x, 0.73x and 1.25x over three runs, against 1.88x before on the
// same machine and 1.23x and 0.82x in the control; one pair over 2x in two of the three runs and
// in one of the two control runs, where the relay saw no attack.
// 2026-12-07, on a machine as fast as the first (206-264 µs per valid message): medians 1.68x
// and 1.95x, the control's 1.76x and 1.49x, one or two pairs over 2x in every run of either;
// all runs as one sample 1.66x, the control's 1.15x (the relay's own share of what is left).
// The server's memory is read from inside it (relay-abuse-memory.ts) before, during and after,
// each "before" and "after" right after a full collection so that it counts what is held, not
// garbage not yet collected.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { HostileSettings } from './relay-abuse-attacks'
import {
  type AttackerPlacement,
  addPhases,
  type HostileStopped,
  hostilePhase,
} from './relay-abuse-hostile-phase'
import { type ServerMemory, ServerMemoryProbe } from './relay-abuse-memory'
import { pooledPercentile } from './relay-measures'
import { openRelaySession, type RelayRateFigures, type RelaySession } from './relay-session'

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
  /** Length of each timed run. */
  seconds?: number
  /** Pairs of runs (without, then with hostile clients). */
  pairs?: number
  /**
   * Between the hostile clients' start and their pair's timed run (they subscribe and fill up),
   * and between their stop and the next pair's first run (the server closes their sockets).
   */
  rampSeconds?: number
  /** When the memory is read after the hostile clients left, in seconds after they did. */
  readingsAfter?: readonly number[]
  hostile?: Partial<HostileLoad>
  /** Where the hostile clients run (see relay-abuse-hostile-phase.ts); a child process unless told. */
  attackers?: AttackerPlacement
  /**
   * Whom the hostile clients attack: the valid clients' relay, or (`decoy`, the control) a second
   * server started the same way on this machine, so that the valid clients' relay sees none of
   * them and what is left of the p99 ratio is what the attack costs this machine's cores.
   */
  target?: HostileTarget
  /** Modules the server process loads first (`--import`), e.g. one that starts a profiler. */
  serverImports?: readonly string[]
}

export interface RelayAbuseMemory {
  /** After the warm-up, before the first run (after a full collection). */
  start: ServerMemory
  /** Highest live figures during the runs without hostile clients. */
  withoutPeak: ServerMemory
  /** Right before the hostile clients first start (after a full collection). */
  beforeHostile: ServerMemory
  /** Highest live figures while the hostile clients ran. */
  hostilePeak: ServerMemory
  /**
   * At each of `readingsAfter` seconds after they last left: first as it is, then after a full
   * collection. The server frees what it held in its own time (PGlite's thread, glibc's heap),
   * so the last is the one to compare with `beforeHostile`.
   */
  after: Array<{ seconds: number; live: ServerMemory; collected: ServerMemory }>
}

export type HostileTarget = 'relay' | 'decoy'

function pooledP99(pairs: readonly RelayAbusePair[]): RelayAbuseFigures['pooled'] {
  const withoutP99Ms = pooledPercentile(
    pairs.map((pair) => pair.without.sortedLatenciesMs),
    0.99,
  )
  const withHostileP99Ms = pooledPercentile(
    pairs.map((pair) => pair.withHostile.sortedLatenciesMs),
    0.99,
  )
  return { withoutP99Ms, withHostileP99Ms, ratio: withHostileP99Ms / withoutP99Ms }
}

/** One round: a run without hostile clients, then one with them. */
export interface RelayAbusePair {
  without: RelayRateFigures
  withHostile: RelayRateFigures
  /** p99 with / without. */
  ratio: number
  /** The machine's one-minute load average as each run ended (other work on its cores). */
  loadAverage: { without: number; withHostile: number }
}

export interface RelayAbuseFigures {
  clients: number
  rate: number
  seconds: number
  database: string
  connectSeconds: number
  pairs: RelayAbusePair[]
  /** The median of the pairs' p99 ratios. */
  medianRatio: number
  /**
   * The valid clients' p99 over all runs with hostile clients taken as one sample, over that of
   * all runs without (50,000 messages a side at the defaults): the p99 of all their traffic, as
   * a visitor meets it. Its slowest 1 % comes mostly from the noisiest runs of each side, so it
   * is a second reading beside the pairs' median, not a steadier one.
   */
  pooled: { withoutP99Ms: number; withHostileP99Ms: number; ratio: number }
  /** Where the hostile clients ran and how they were scheduled (as read in the first phase). */
  attackers: { placement: AttackerPlacement; scheduling: string }
  target: HostileTarget
  validAddresses: readonly string[]
  /** Over all hostile phases together. */
  hostile: HostileStopped & { load: HostileLoad }
  memory: RelayAbuseMemory
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

export async function measureRelayAbuse(
  options: RelayAbuseOptions = {},
): Promise<RelayAbuseFigures> {
  const rate = options.rate ?? 1_000
  const seconds = options.seconds ?? 10
  const pairCount = options.pairs ?? 5
  const rampSeconds = options.rampSeconds ?? 2
  const readingsAfter = options.readingsAfter ?? [5, 15, 30]
  const load: HostileLoad = { ...DEFAULT_HOSTILE_LOAD, ...options.hostile }
  const placement = options.attackers ?? 'process'
  const target = options.target ?? 'relay'
  if (!Number.isInteger(pairCount) || pairCount < 1) throw new RangeError('pairs must be 1 or more')

  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-relay-abuse-'))
  const probe = new ServerMemoryProbe(join(dir, 'server-memory.json'))
  const session = await openRelaySession({
    clients: options.clients,
    clientAddresses: VALID_CLIENT_ADDRESSES,
    serverEnv: probe.serverEnv(),
    serverNodeOptions: [
      ...ServerMemoryProbe.nodeOptions,
      ...(options.serverImports ?? []).map((file) => `--import ${file}`),
    ],
  })
  let decoy: RelaySession | undefined
  try {
    // The decoy's own two clients only open it; it serves the hostile clients alone.
    if (target === 'decoy') {
      decoy = await openRelaySession({ clients: 2, clientAddresses: VALID_CLIENT_ADDRESSES })
    }
    // A short run first: lets the JIT, the database and the sockets settle.
    await session.run(rate, 2)
    const start = await probe.afterFullGc()

    const { floodTopics, ...rest } = load
    const settings: HostileSettings = {
      ...rest,
      relayUrl: (decoy ?? session).relayUrl,
      busyTopics: session.topics,
      floodTopics: Array.from({ length: floodTopics }, () => randomBytes(32).toString('hex')),
    }
    const pairs: RelayAbusePair[] = []
    const phases: HostileStopped[] = []
    const withoutPeaks: ServerMemory[] = []
    const hostilePeaks: ServerMemory[] = []
    let beforeHostile: ServerMemory | undefined
    let scheduling = ''
    for (let index = 0; index < pairCount; index++) {
      // After the first pair the hostile clients' sockets are still being closed for a moment.
      if (index > 0) await sleep(rampSeconds * 1000)
      let peak = probe.watchPeak()
      const without = await session.run(rate, seconds)
      const loadWithout = loadavg()[0] ?? 0
      withoutPeaks.push(peak.stop())
      beforeHostile ??= await probe.afterFullGc()

      peak = probe.watchPeak()
      const hostile = await hostilePhase(
        session,
        settings,
        { rate, seconds, rampSeconds },
        placement,
      )
      scheduling ||= hostile.scheduling
      hostilePeaks.push(peak.stop())
      phases.push(hostile.stopped)
      pairs.push({
        without,
        withHostile: hostile.run,
        ratio: hostile.run.p99Ms / without.p99Ms,
        loadAverage: { without: loadWithout, withHostile: loadavg()[0] ?? 0 },
      })
    }
    const hostilePeak = highest(hostilePeaks)

    const after: RelayAbuseMemory['after'] = []
    const left = Date.now()
    for (const seconds of readingsAfter) {
      await sleep(Math.max(0, seconds * 1000 - (Date.now() - left)))
      const live = probe.live() ?? hostilePeak
      after.push({ seconds, live, collected: await probe.afterFullGc() })
    }
    return {
      clients: session.clients,
      rate,
      seconds,
      database: session.database,
      connectSeconds: session.connectSeconds,
      pairs,
      medianRatio: median(pairs.map((pair) => pair.ratio)),
      pooled: pooledP99(pairs),
      attackers: { placement, scheduling },
      target,
      validAddresses: VALID_CLIENT_ADDRESSES,
      hostile: { ...addPhases(phases), load },
      memory: {
        start,
        withoutPeak: highest(withoutPeaks),
        beforeHostile: beforeHostile as ServerMemory,
        hostilePeak,
        after,
      },
    }
  } finally {
    await Promise.all([session.close(), decoy?.close()])
    rmSync(dir, { recursive: true, force: true })
  }
}

function highest(readings: readonly ServerMemory[]): ServerMemory {
  return {
    rssMb: Math.max(...readings.map((reading) => reading.rssMb)),
    heapUsedMb: Math.max(...readings.map((reading) => reading.heapUsedMb)),
    externalMb: Math.max(...readings.map((reading) => reading.externalMb)),
  }
}
