// A change of e-mail address waiting for its two codes: first from the current address, then
// from the new one. One per user; starting again replaces it. It lasts as long as a code.
import type { Queryable } from '../db/database'
import { EMAIL_OTP_TTL_SECONDS } from './embedded-wallet-constants'

export interface PendingEmailUpdate {
  newEmail: string
  primaryVerified: boolean
}

export async function startEmailUpdate(
  db: Queryable,
  userId: string,
  newEmail: string,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO embedded_wallet_email_updates (user_id, new_email, primary_verified_at,
       created_at, expires_at)
     VALUES ($1, $2, NULL, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email,
       primary_verified_at = NULL, created_at = EXCLUDED.created_at,
       expires_at = EXCLUDED.expires_at`,
    [userId, newEmail, new Date(now), new Date(now + EMAIL_OTP_TTL_SECONDS * 1000)],
  )
}

export async function findEmailUpdate(
  db: Queryable,
  userId: string,
  now: number,
): Promise<PendingEmailUpdate | undefined> {
  const { rows } = await db.query<{ new_email: string; primary_verified_at: Date | null }>(
    `SELECT new_email, primary_verified_at FROM embedded_wallet_email_updates
      WHERE user_id = $1 AND expires_at > $2`,
    [userId, new Date(now)],
  )
  const row = rows[0]
  return row && { newEmail: row.new_email, primaryVerified: row.primary_verified_at !== null }
}

export async function markPrimaryVerified(
  db: Queryable,
  userId: string,
  now: number,
): Promise<void> {
  await db.query(
    'UPDATE embedded_wallet_email_updates SET primary_verified_at = $2 WHERE user_id = $1',
    [userId, new Date(now)],
  )
}

export async function endEmailUpdate(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM embedded_wallet_email_updates WHERE user_id = $1', [userId])
}
