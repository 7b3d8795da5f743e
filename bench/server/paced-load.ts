// An open-loop load at a steady rate: one request every 1/rate s (autocannon's rate limit sends
// each second's share in one burst, so its p99 at 200 req/s is mostly the time to drain 200
// requests queued together). Latency counts from when a request was due, not when it left, so a
// stalled generator or server is not hidden (no coordinated omission). Keep-alive connections,
// at most `connections` at once, on 127.0.0.1.
import { Agent, get } from 'node:http'
import { median } from '../stats'

export interface PacedFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  /** Answers other than 200 and connection errors. */
  failures: number
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN
}

/** Sends `rate` requests a second for `seconds`, cycling through `urls`. */
export async function pacedLoad(options: {
  urls: readonly string[]
  rate: number
  seconds: number
  connections: number
}): Promise<PacedFigures> {
  const { urls, rate, seconds, connections } = options
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const total = rate * seconds
  const interval = 1000 / rate
  const latencies: number[] = []
  let failures = 0
  const pending: Promise<void>[] = []
  const start = performance.now()
  const one = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const request = get(urls[index % urls.length] as string, { agent }, (response) => {
        response.resume()
        response.on('end', () => {
          if (response.statusCode !== 200) failures++
          latencies.push(performance.now() - due)
          resolve()
        })
      })
      request.on('error', () => {
        failures++
        resolve()
      })
    })
  let sent = 0
  while (sent < total) {
    const now = performance.now()
    // Every request whose time has come leaves now (a late timer sends the backlog at once).
    while (sent < total && start + sent * interval <= now) {
      pending.push(one(sent, start + sent * interval))
      sent++
    }
    const next = start + sent * interval - performance.now()
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next)))
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - start) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: round(median(latencies)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    requests: latencies.length,
    failures,
  }
}
