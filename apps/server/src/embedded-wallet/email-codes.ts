// One-time login codes in the database: 6 random digits, kept only as an HMAC (a salt of its
// own per code, keyed by the share seal's code key), good for EMAIL_OTP_TTL_SECONDS and
// EMAIL_OTP_ATTEMPT_LIMIT tries, of which a client other than the one that asked for the code
// takes only the first EMAIL_OTP_OTHER_CLIENT_ATTEMPT_LIMIT: a stranger guessing at someone's
// code cannot lock them out of it, and no code takes more tries than before. A new code for the
// same address and purpose replaces the last (marked replaced, so a try with it can say so). A
// login code also keeps the commitment to the redeem secret of the frame that asked for it, and
// verifies only with that secret. Times come from the server's clock (tests move it), never from
// the database's now().
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Database, Queryable } from '../db/database'
import {
  EMAIL_OTP_ATTEMPT_LIMIT,
  EMAIL_OTP_OTHER_CLIENT_ATTEMPT_LIMIT,
  EMAIL_OTP_SALT_BYTES,
  EMAIL_OTP_TTL_SECONDS,
} from './embedded-wallet-constants'
import {
  CodeExpiredError,
  CodeInvalidError,
  CodeLockedError,
  CodeNotFoundError,
  CodeOfAnotherBrowserError,
  CodeReplacedError,
} from './embedded-wallet-errors'
import { secretMatchesChallenge } from './redeem-commitment'

/** What a code proves: a login, either step of an e-mail change, or a key export. */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary' | 'export'

/** Whose code it is: the address it went to, for what, and (after login) for which user. */
export interface CodeTarget {
  projectId: string
  email: string
  purpose: CodePurpose
  userId: string | null
}

interface CodeRow {
  id: string
  salt: string
  code_hash: string
  attempts: number
  expires_at: Date
  redeem_challenge: string | null
  requested_by: string | null
}

function hashCode(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(salt, 'hex').update(code, 'utf8').digest('hex')
}

/** Six digits, every one of the million equally likely. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

const SAME_TARGET = `project_id = $1 AND email = $2 AND purpose = $3
  AND user_id IS NOT DISTINCT FROM $4 AND used_at IS NULL`

/**
 * Stores a new code for the target (the earlier live one is spent) and answers it. `client`:
 * the address key of who asked (http/client-address.ts); with `redeemChallenge`, the code
 * verifies only with the secret it commits to.
 */
export async function issueCode(
  db: Database,
  key: Buffer,
  target: CodeTarget,
  client: string,
  now: number,
  redeemChallenge?: string,
): Promise<{ id: string; code: string }> {
  const code = newCode()
  const salt = randomBytes(EMAIL_OTP_SALT_BYTES).toString('hex')
  const id = randomUUID()
  const { projectId, email, purpose, userId } = target
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE embedded_wallet_codes SET used_at = $5, replaced_at = $5 WHERE ${SAME_TARGET}`,
      [projectId, email, purpose, userId, new Date(now)],
    )
    await tx.query(
      `INSERT INTO embedded_wallet_codes (id, project_id, email, purpose, user_id, salt, code_hash,
         attempts, created_at, expires_at, requested_by, redeem_challenge)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10, $11)`,
      [
        id,
        projectId,
        email,
        purpose,
        userId,
        salt,
        hashCode(key, salt, code),
        new Date(now),
        new Date(now + EMAIL_OTP_TTL_SECONDS * 1000),
        client,
        redeemChallenge ?? null,
      ],
    )
  })
  return { id, code }
}

/** Takes back a code whose mail could not be sent. */
export async function withdrawCode(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM embedded_wallet_codes WHERE id = $1', [id])
}

/** The tries of a code `client` may take: all of them if it asked for the code, else a few. */
function attemptLimitOf(row: CodeRow, client: string): number {
  return row.requested_by === null || row.requested_by === client
    ? EMAIL_OTP_ATTEMPT_LIMIT
    : EMAIL_OTP_OTHER_CLIENT_ATTEMPT_LIMIT
}

/**
 * Spends the target's live code if `code` is it. Every try first takes one of the code's
 * tries in one statement, so racing guesses get no more than the limit between them; `client`
 * (the address key of who tries) other than the one that asked may take only the first few.
 * Throws CodeNotFoundError, CodeLockedError (the limit reached), CodeExpiredError,
 * CodeOfAnotherBrowserError (a bound code without its secret: checked before the code, so it
 * says nothing of it and takes no try) or CodeInvalidError (with the tries left).
 */
export async function verifyCode(
  db: Queryable,
  key: Buffer,
  target: CodeTarget,
  code: string,
  client: string,
  now: number,
  redeemSecret?: string,
): Promise<void> {
  const { rows } = await db.query<CodeRow>(
    `SELECT id, salt, code_hash, attempts, expires_at, requested_by, redeem_challenge
       FROM embedded_wallet_codes
      WHERE ${SAME_TARGET} ORDER BY created_at DESC LIMIT 1`,
    [target.projectId, target.email, target.purpose, target.userId],
  )
  const row = rows[0]
  if (!row) throw new CodeNotFoundError()
  const limit = attemptLimitOf(row, client)
  if (row.attempts >= limit) throw new CodeLockedError()
  if (row.expires_at.getTime() <= now) throw new CodeExpiredError()
  const bound = row.redeem_challenge
  if (bound !== null && !(redeemSecret && secretMatchesChallenge(redeemSecret, bound))) {
    throw new CodeOfAnotherBrowserError()
  }
  const taken = await db.query<{ attempts: number }>(
    `UPDATE embedded_wallet_codes SET attempts = attempts + 1
      WHERE id = $1 AND attempts < $2 AND used_at IS NULL RETURNING attempts`,
    [row.id, limit],
  )
  const attempts = taken.rows[0]?.attempts
  if (attempts === undefined) throw new CodeLockedError()
  const expected = Buffer.from(row.code_hash, 'hex')
  const given = Buffer.from(hashCode(key, row.salt, code), 'hex')
  if (!timingSafeEqual(expected, given)) {
    const left = limit - attempts
    if (left <= 0) throw new CodeLockedError()
    if (await wasReplaced(db, key, target, code, now)) throw new CodeReplacedError()
    throw new CodeInvalidError(left)
  }
  const spent = await db.query(
    'UPDATE embedded_wallet_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL',
    [row.id, new Date(now)],
  )
  if (spent.rowCount !== 1) throw new CodeNotFoundError()
}

/** Whether `code` is one of the target's codes a newer one replaced within their lifetime. */
async function wasReplaced(
  db: Queryable,
  key: Buffer,
  target: CodeTarget,
  code: string,
  now: number,
): Promise<boolean> {
  const { rows } = await db.query<{ salt: string; code_hash: string }>(
    `SELECT salt, code_hash FROM embedded_wallet_codes
      WHERE project_id = $1 AND email = $2 AND purpose = $3 AND user_id IS NOT DISTINCT FROM $4
        AND replaced_at IS NOT NULL AND expires_at > $5`,
    [target.projectId, target.email, target.purpose, target.userId, new Date(now)],
  )
  return rows.some((row) =>
    timingSafeEqual(
      Buffer.from(row.code_hash, 'hex'),
      Buffer.from(hashCode(key, row.salt, code), 'hex'),
    ),
  )
}
