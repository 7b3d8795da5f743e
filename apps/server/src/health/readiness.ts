// Whether the server can do its work: its database answers and, when it uses one, its Redis.
// Each probe is bounded, so a dependency that hangs (a half-open TCP connection, a Redis
// reconnecting) makes readiness fail in time instead of holding the load balancer's check.
import type { ServerContext } from '../server-context'

/** How long a probe may take before its dependency counts as unreachable (ours). */
export const READINESS_PROBE_TIMEOUT_MS = 2_000

export type ProbeResult = 'ok' | 'unreachable'

export interface Readiness {
  ready: boolean
  /** `redis` only when the server uses Redis. */
  checks: { database: ProbeResult; redis?: ProbeResult }
}

async function probe(work: () => Promise<unknown>, timeoutMs: number): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs)
  })
  const answered = work().then(
    (): ProbeResult => 'ok',
    (): ProbeResult => 'unreachable',
  )
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}

export async function checkReadiness(
  context: Pick<ServerContext, 'db' | 'redis'>,
  timeoutMs = READINESS_PROBE_TIMEOUT_MS,
): Promise<Readiness> {
  const { db, redis } = context
  const [database, cache] = await Promise.all([
    probe(() => db.query('SELECT 1'), timeoutMs),
    // A Redis that is reconnecting would queue the ping: its status says enough.
    redis
      ? probe(
          () => (redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(redis.status))),
          timeoutMs,
        )
      : undefined,
  ])
  const checks: Readiness['checks'] = cache ? { database, redis: cache } : { database }
  return { ready: Object.values(checks).every((result) => result === 'ok'), checks }
}

/** 'Not ready: database unreachable', '... database and redis unreachable'. */
export function notReadyMessage(checks: Readiness['checks']): string {
  const failed = Object.entries(checks)
    .filter(([, result]) => result !== 'ok')
    .map(([name]) => name)
  return `Not ready: ${failed.join(' and ')} unreachable`
}
