// The relay bench's arithmetic: CPU time of a process, percentiles of sorted latencies.
import { readFileSync } from 'node:fs'

/** User + system CPU time of a process so far, in microseconds (Linux /proc; 0 elsewhere). */
export function processCpuMicros(pid: number | undefined): number {
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

/** User + system CPU time of this process so far, in microseconds. */
export const generatorCpuMicros = () => {
  const usage = process.cpuUsage()
  return usage.user + usage.system
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}

/** Milliseconds to two decimals. */
export const round = (ms: number) => Math.round(ms * 100) / 100

/** The p-th fraction of several runs' ascending latencies taken as one sample. */
export function pooledPercentile(runs: readonly Float64Array[], fraction: number): number {
  const pooled = new Float64Array(runs.reduce((sum, run) => sum + run.length, 0))
  let at = 0
  for (const run of runs) {
    pooled.set(run, at)
    at += run.length
  }
  return percentile(pooled.sort(), fraction)
}
