// The relay server's garbage collection pauses during a measured run (relay-gc-observer.mjs
// notes them in the server process), and how many of the slowest messages were in flight while
// one of them stopped the server's thread: the figure that says whether the tail is the
// collector's or something else's.

import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

/** [start on the bench clock (ms), duration (ms), V8's kind: 1 young, 4 full, 8 incremental] */
type Pause = [number, number, number]

const YOUNG_GENERATION = 1
const FULL = 4

export interface ServerGcFigures {
  youngPauses: number
  youngAvgMs: number
  youngMaxMs: number
  fullPauses: number
  fullMaxMs: number
  /** Incremental marking steps and the rest: short, but pauses too. */
  otherPauses: number
  /** Of the messages at or above the run's p99, the share in flight during any pause (0-1). */
  slowestInPauseShare: number
}

export const gcObserverPath = new URL('./relay-gc-observer.mjs', import.meta.url).pathname

/**
 * Asks the server for its pauses so far (SIGUSR2) and reads them once written; none if the
 * observer is not loaded (it writes the file as it starts).
 */
export async function readServerPauses(
  server: ChildProcess,
  file: string,
): Promise<Pause[] | undefined> {
  if (!existsSync(file)) return undefined
  rmSync(file)
  server.kill('SIGUSR2')
  const deadline = Date.now() + 5_000
  while (!existsSync(file)) {
    if (Date.now() > deadline) return undefined
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Pause[]
}

const round = (ms: number) => Math.round(ms * 100) / 100

/**
 * The pauses between `from` and `to`, and the share of the slowest messages (latency at or
 * above `p99Ms`, sent at `sentAt[i]`, taking `latencies[i]`) whose flight overlaps one.
 */
export function serverGcFigures(
  pauses: readonly Pause[],
  from: number,
  to: number,
  latencies: Float64Array,
  sentAt: Float64Array,
  p99Ms: number,
): ServerGcFigures {
  const during = pauses.filter(([start, duration]) => start + duration >= from && start <= to)
  const young = during.filter(([, , kind]) => kind === YOUNG_GENERATION).map(([, ms]) => ms)
  const full = during.filter(([, , kind]) => kind === FULL).map(([, ms]) => ms)
  let slowest = 0
  let inPause = 0
  for (let index = 0; index < latencies.length; index++) {
    const latency = latencies[index] as number
    if (latency < p99Ms) continue
    slowest += 1
    const sent = sentAt[index] as number
    const arrived = sent + latency
    if (during.some(([start, duration]) => start < arrived && start + duration > sent)) {
      inPause += 1
    }
  }
  const sum = young.reduce((total, ms) => total + ms, 0)
  return {
    youngPauses: young.length,
    youngAvgMs: young.length ? round(sum / young.length) : 0,
    youngMaxMs: round(Math.max(0, ...young)),
    fullPauses: full.length,
    fullMaxMs: round(Math.max(0, ...full)),
    otherPauses: during.length - young.length - full.length,
    slowestInPauseShare: slowest ? inPause / slowest : 0,
  }
}
