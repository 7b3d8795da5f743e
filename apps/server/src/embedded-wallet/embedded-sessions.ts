// Sessions of the embedded wallet: an opaque random token given once to the frame, stored as
// its SHA-256 only, live for EMBEDDED_WALLET_SESSION_TTL_SECONDS unless revoked (sign-out).
// Every way in (e-mail code, social redeem, Farcaster login) makes its session here, so the
// recovery window below opens with the login itself, whichever it was.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database'
import type { EmbeddedUserRecord } from './embedded-users'
import {
  EMBEDDED_SESSION_TOKEN_BYTES,
  EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS,
  EMBEDDED_WALLET_SESSION_TTL_SECONDS,
} from './embedded-wallet-constants'

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createEmbeddedSession(
  db: Queryable,
  user: EmbeddedUserRecord,
  now: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(EMBEDDED_SESSION_TOKEN_BYTES).toString('base64url')
  const expiresAt = new Date(now + EMBEDDED_WALLET_SESSION_TTL_SECONDS * 1000)
  await db.query(
    `INSERT INTO embedded_wallet_sessions (token_hash, user_id, project_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashSessionToken(token), user.id, user.projectId, new Date(now), expiresAt],
  )
  return { token, expiresAt }
}

export interface LiveSession {
  tokenHash: string
  user: EmbeddedUserRecord
}

/** The live session of a token in this project, with its user (whose e-mail may have changed). */
export async function findEmbeddedSession(
  db: Queryable,
  projectId: string,
  token: string,
  now: number,
): Promise<LiveSession | undefined> {
  const tokenHash = hashSessionToken(token)
  const { rows } = await db.query<{ id: string; project_id: string; email: string }>(
    `SELECT u.id, u.project_id, u.email FROM embedded_wallet_sessions s
       JOIN embedded_wallet_users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.project_id = $2 AND s.revoked_at IS NULL
        AND s.expires_at > $3`,
    [tokenHash, projectId, new Date(now)],
  )
  const row = rows[0]
  return row && { tokenHash, user: { id: row.id, projectId: row.project_id, email: row.email } }
}

export async function revokeEmbeddedSession(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<void> {
  await db.query(
    'UPDATE embedded_wallet_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash, new Date(now)],
  )
}

/**
 * Takes the session's one look at the recovery share: true only within
 * EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS of its login and the first time, in one statement so
 * two racing requests cannot both take it. A token stolen later gets false.
 */
export async function claimRecoveryWindow(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE embedded_wallet_sessions SET recovery_claimed_at = $2
      WHERE token_hash = $1 AND recovery_claimed_at IS NULL AND created_at > $3`,
    [tokenHash, new Date(now), new Date(now - EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000)],
  )
  return rowCount === 1
}
