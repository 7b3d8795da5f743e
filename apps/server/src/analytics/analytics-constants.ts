// Every number of the tracked-events route (none is the spec's: the spec names the events and
// their properties, not how they are kept).
import type { RateLimit } from '../cache/rate-limiter'

export { ANALYTICS_BATCH_MAX_EVENTS } from '@portico/protocol/analytics-events'

/**
 * Batches per client (project + IP) in a window. The modal sends one every few seconds while
 * events come and one as the page hides; a page left open on a busy modal stays far below.
 */
export const ANALYTICS_RATE_LIMIT: RateLimit = { limit: 30, windowMs: 60_000 }
/** Largest batch body: 50 events of bounded fields, JSON, with room to spare. */
export const ANALYTICS_BODY_LIMIT_BYTES = 32 * 1024
/** Raw events older than this are deleted (PORTICO_ANALYTICS_RETENTION_DAYS); rollups stay. */
export const ANALYTICS_RETENTION_DAYS_DEFAULT = 90
export const ANALYTICS_RETENTION_DAYS_MAX = 3650
/** The raw table is pruned at most this often, by the batch that comes after. */
export const ANALYTICS_PRUNE_INTERVAL_MS = 60 * 60_000
/** Rows one prune statement deletes, so no statement holds the table long. */
export const ANALYTICS_PRUNE_CHUNK_ROWS = 10_000
