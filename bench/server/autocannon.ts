// autocannon, typed for what the server benches read (the package ships no types), and the one
// way they turn its result into figures.
import { createRequire } from 'node:module'

export interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; max: number }
  errors: number
  timeouts: number
  non2xx: number
}

/** One request of a run's cycle: setupRequest picks each request's path. */
export interface AutocannonRequest {
  path?: string
}

type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  amount?: number
  overallRate?: number
  ignoreCoordinatedOmission?: boolean
  timeout?: number
  requests?: Array<{ setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>
}) => Promise<AutocannonResult>

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export interface LoadFigures {
  /** Completed requests per second, averaged over the run. */
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  /** Connection errors, time-outs and answers other than 2xx. */
  failures: number
}

export function loadFigures(result: AutocannonResult): LoadFigures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  }
}
