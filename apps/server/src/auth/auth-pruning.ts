// Nonces and sessions that can never be used again are deleted, so the tables hold only live
// rows. A nonce past its expiry is refused whether or not its row is still there (an unknown
// nonce is refused like an expired one), and an ended session's token is refused when it is
// gone, so deleting them changes no answer.
import type { Queryable } from '../db/database'
import { AUTH_PRUNE_INTERVAL_MS } from './auth-constants'

export interface PrunedCounts {
  nonces: number
  sessions: number
}

export async function pruneAuthRecords(db: Queryable, now: number): Promise<PrunedCounts> {
  const at = new Date(now)
  const nonces = await db.query('DELETE FROM auth_nonces WHERE expires_at <= $1', [at])
  const sessions = await db.query(
    'DELETE FROM auth_sessions WHERE expires_at <= $1 OR revoked_at IS NOT NULL',
    [at],
  )
  return { nonces: nonces.rowCount, sessions: sessions.rowCount }
}

/** Prunes at most once per AUTH_PRUNE_INTERVAL_MS; the first call prunes. */
export function createAuthPruner(db: Queryable): (now: number) => Promise<void> {
  let nextAt = Number.NEGATIVE_INFINITY
  return async (now) => {
    if (now < nextAt) return
    nextAt = now + AUTH_PRUNE_INTERVAL_MS
    await pruneAuthRecords(db, now)
  }
}
