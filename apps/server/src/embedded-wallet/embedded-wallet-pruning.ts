// Rows that can no longer change an answer are deleted now and then (at most once per
// EMBEDDED_WALLET_PRUNE_INTERVAL_MS, when a code is mailed), so the tables hold live rows only:
// sessions that ended (their token is refused whether or not the row is there), cooldowns
// that ran out, e-mail changes that expired, and codes a day past their expiry (kept that long
// so a late try still hears 'expired' rather than 'no code').
import type { Queryable } from '../db/database'
import { EMAIL_OTP_COOLDOWN_SECONDS } from './embedded-wallet-constants'

/** Ours: often enough to keep the tables small, rarely enough to cost nothing. */
export const EMBEDDED_WALLET_PRUNE_INTERVAL_MS = 10 * 60_000
const CODE_GRACE_MS = 24 * 60 * 60_000

export async function pruneEmbeddedWalletRecords(db: Queryable, now: number): Promise<void> {
  const at = new Date(now)
  await db.query(
    'DELETE FROM embedded_wallet_sessions WHERE expires_at <= $1 OR revoked_at IS NOT NULL',
    [at],
  )
  await db.query('DELETE FROM embedded_wallet_codes WHERE expires_at <= $1', [
    new Date(now - CODE_GRACE_MS),
  ])
  await db.query('DELETE FROM embedded_wallet_mail_cooldowns WHERE last_sent_at <= $1', [
    new Date(now - EMAIL_OTP_COOLDOWN_SECONDS * 1000),
  ])
  await db.query('DELETE FROM embedded_wallet_email_updates WHERE expires_at <= $1', [at])
}

/** Prunes at most once per interval; the first call prunes. */
export function createEmbeddedWalletPruner(db: Queryable): (now: number) => Promise<void> {
  let nextAt = Number.NEGATIVE_INFINITY
  return async (now) => {
    if (now < nextAt) return
    nextAt = now + EMBEDDED_WALLET_PRUNE_INTERVAL_MS
    await pruneEmbeddedWalletRecords(db, now)
  }
}
