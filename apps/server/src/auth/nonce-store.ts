// Sign-in nonces in the database: issued for one project, good for AUTH_NONCE_TTL_MS, used once.
// Times come from the server's clock (tests move it), never from the database's now().
import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/database'
import { AUTH_NONCE_LENGTH, AUTH_NONCE_TTL_MS } from './auth-constants'

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export interface StoredNonce {
  nonce: string
  projectId: string
  expiresAt: Date
  usedAt: Date | null
}

interface NonceRow {
  nonce: string
  project_id: string
  expires_at: Date
  used_at: Date | null
}

export function createNonce(): string {
  let nonce = ''
  for (let i = 0; i < AUTH_NONCE_LENGTH; i++)
    nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)]
  return nonce
}

export async function issueNonce(db: Queryable, projectId: string, now: number): Promise<string> {
  const nonce = createNonce()
  await db.query(
    'INSERT INTO auth_nonces (nonce, project_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)',
    [nonce, projectId, new Date(now), new Date(now + AUTH_NONCE_TTL_MS)],
  )
  return nonce
}

export async function findNonce(db: Queryable, nonce: string): Promise<StoredNonce | undefined> {
  const { rows } = await db.query<NonceRow>(
    'SELECT nonce, project_id, expires_at, used_at FROM auth_nonces WHERE nonce = $1',
    [nonce],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    nonce: row.nonce,
    projectId: row.project_id,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  }
}

/**
 * Marks the nonce used if it is still good for this project; false when another sign-in took
 * it first (or it expired meanwhile). One statement, so two racing sign-ins cannot both win.
 */
export async function consumeNonce(
  db: Queryable,
  nonce: string,
  projectId: string,
  now: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth_nonces SET used_at = $3
      WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > $3`,
    [nonce, projectId, new Date(now)],
  )
  return rowCount === 1
}
