// Raw events past the operator's retention are deleted by the batches that keep arriving, at
// most once per ANALYTICS_PRUNE_INTERVAL_MS and never in a batch's way: the prune runs after
// the answer, and a failed one is logged and tried again at the next interval.
import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db/database'
import { ANALYTICS_PRUNE_CHUNK_ROWS, ANALYTICS_PRUNE_INTERVAL_MS } from './analytics-constants'
import { pruneAnalyticsEvents } from './analytics-store'

const DAY_MS = 24 * 60 * 60_000

export function createAnalyticsPruner(
  db: Queryable,
  retentionDays: number,
  log: FastifyBaseLogger,
): (now: number) => void {
  let nextAt = Number.NEGATIVE_INFINITY
  let running = false
  return (now) => {
    if (running || now < nextAt) return
    nextAt = now + ANALYTICS_PRUNE_INTERVAL_MS
    running = true
    pruneAnalyticsEvents(db, new Date(now - retentionDays * DAY_MS), ANALYTICS_PRUNE_CHUNK_ROWS)
      .catch((error: unknown) => log.warn({ err: error }, 'analytics prune failed'))
      .finally(() => {
        running = false
      })
  }
}
