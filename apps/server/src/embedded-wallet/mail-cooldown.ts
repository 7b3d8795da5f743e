// The spec's e-mail login cooldown (docs/product.md#validation): no second code to one address
// within EMAIL_OTP_COOLDOWN_SECONDS, over every project and purpose, since it is the inbox that
// is protected. Claimed in one statement, so two racing requests cannot both send.
import type { Queryable } from '../db/database'
import { EMAIL_OTP_COOLDOWN_SECONDS } from './embedded-wallet-constants'
import { EmailCooldownError } from './embedded-wallet-errors'

const COOLDOWN_MS = EMAIL_OTP_COOLDOWN_SECONDS * 1000

/** Seconds left of the address's cooldown at `now`, rounded up; 0 when none. */
export async function cooldownLeft(db: Queryable, email: string, now: number): Promise<number> {
  const { rows } = await db.query<{ last_sent_at: Date }>(
    'SELECT last_sent_at FROM embedded_wallet_mail_cooldowns WHERE email = $1',
    [email],
  )
  const last = rows[0]?.last_sent_at.getTime()
  if (last === undefined) return 0
  const leftMs = last + COOLDOWN_MS - now
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0
}

/** Throws EmailCooldownError while the address's cooldown runs. */
export async function refuseDuringCooldown(db: Queryable, email: string, now: number) {
  const left = await cooldownLeft(db, email, now)
  if (left > 0) throw new EmailCooldownError(left)
}

/**
 * Starts the address's cooldown at `now`, or throws EmailCooldownError with the seconds left.
 * `release` gives the cooldown back when the mail could not go out after all.
 */
export async function claimCooldown(
  db: Queryable,
  email: string,
  now: number,
): Promise<{ release(): Promise<void> }> {
  // xmax is 0 on a row this statement inserted (not updated): release then deletes it, so a
  // mail that could not go out leaves no trace of the address.
  const { rows } = await db.query<{ inserted: boolean }>(
    `INSERT INTO embedded_wallet_mail_cooldowns (email, last_sent_at) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
       WHERE embedded_wallet_mail_cooldowns.last_sent_at <= $3
     RETURNING (xmax = 0) AS inserted`,
    [email, new Date(now), new Date(now - COOLDOWN_MS)],
  )
  const claimed = rows[0]
  if (!claimed) throw new EmailCooldownError(Math.max(1, await cooldownLeft(db, email, now)))
  return {
    async release() {
      if (claimed.inserted) {
        await db.query(
          'DELETE FROM embedded_wallet_mail_cooldowns WHERE email = $1 AND last_sent_at = $2',
          [email, new Date(now)],
        )
        return
      }
      // The earlier send was at least a cooldown ago: set back to that, the address may ask again.
      await db.query(
        `UPDATE embedded_wallet_mail_cooldowns SET last_sent_at = $3
          WHERE email = $1 AND last_sent_at = $2`,
        [email, new Date(now), new Date(now - COOLDOWN_MS)],
      )
    },
  }
}
