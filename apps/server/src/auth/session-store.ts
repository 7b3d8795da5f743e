// Sign-in sessions in the database. A session belongs to one project and one account (CAIP-10:
// `eip155:1:0x...`, lower case on eip155 so lookups ignore checksum case); it keeps the signed
// message, its fields as written, the signature and the optional cacao. Its token is stored
// as a SHA-256 only.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { AuthSession } from '@portico/protocol/auth'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { Queryable } from '../db/database'
import { AUTH_SESSION_TOKEN_BYTES, AUTH_SESSIONS_PAGE_SIZE } from './auth-constants'
import type { SiwxMessage } from './siwx-message'

/** The Authentication session of docs/product.md#authentication-session, plus its revoke id. */
export type { AuthSession }

export interface NewSession {
  projectId: string
  message: SiwxMessage
  text: string
  signature: string
  cacao: Record<string, unknown> | undefined
  /** When the session stops being accepted (message expiry or our longest lifetime). */
  expiresAt: number
  now: number
}

interface SessionRow {
  id: string
  chain_id: string
  address: string
  uri: string
  version: string
  expiration_time: string | null
  issued_at: string
  not_before: string | null
  nonce: string
  domain: string
  request_id: string | null
  resources: string[] | null
  statement: string | null
  message: string
  signature: string
  cacao: Record<string, unknown> | null
  project_id: string
  account: string
  expires_at: Date
  revoked_at: Date | null
}

const COLUMNS = `id, chain_id, address, uri, version, expiration_time, issued_at, not_before, nonce,
  domain, request_id, resources, statement, message, signature, cacao, project_id, account,
  expires_at, revoked_at`

/** `eip155:1:0xabc...` (lower case on eip155), the key sessions are found by. */
export function accountKey(chainId: string, address: string): string {
  return `${chainId}:${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function toSession(row: SessionRow): AuthSession {
  return {
    id: row.id,
    data: {
      accountAddress: row.address,
      // Stored as the CAIP-2 id the message was parsed to.
      chainId: row.chain_id as CaipNetworkId,
      uri: row.uri,
      version: row.version,
      ...(row.expiration_time !== null && { expirationTime: row.expiration_time }),
      issuedAt: row.issued_at,
      ...(row.not_before !== null && { notBefore: row.not_before }),
      nonce: row.nonce,
      domain: row.domain,
      ...(row.request_id !== null && { requestId: row.request_id }),
      ...(row.resources !== null && { resources: row.resources }),
      ...(row.statement !== null && { statement: row.statement }),
    },
    message: row.message,
    signature: row.signature,
    ...(row.cacao !== null && { cacao: row.cacao }),
  }
}

/** Stores the session; answers it with its token (the only time the token is known). */
export async function insertSession(
  db: Queryable,
  session: NewSession,
): Promise<{ token: string; session: AuthSession }> {
  const token = randomBytes(AUTH_SESSION_TOKEN_BYTES).toString('base64url')
  const { message } = session
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO auth_sessions (id, project_id, account, chain_id, address, token_hash, domain, uri,
       version, nonce, statement, request_id, resources, issued_at, expiration_time, not_before,
       message, signature, cacao, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       $19, $20, $21)
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      session.projectId,
      accountKey(message.chainId, message.address),
      message.chainId,
      message.address,
      hashToken(token),
      message.domain,
      message.uri,
      message.version,
      message.nonce,
      message.statement ?? null,
      message.requestId ?? null,
      message.resources ?? null,
      message.issuedAt,
      message.expirationTime ?? null,
      message.notBefore ?? null,
      session.text,
      session.signature,
      session.cacao === undefined ? null : JSON.stringify(session.cacao),
      new Date(session.now),
      new Date(session.expiresAt),
    ],
  )
  const row = rows[0]
  if (!row) throw new Error('INSERT ... RETURNING gave no row')
  return { token, session: toSession(row) }
}

export interface SessionOwner {
  session: AuthSession
  projectId: string
  account: string
}

/** The live session of a token (not revoked, not expired at `now`), in this project. */
export async function findSessionByToken(
  db: Queryable,
  projectId: string,
  token: string,
  now: number,
): Promise<SessionOwner | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM auth_sessions
      WHERE token_hash = $1 AND project_id = $2 AND revoked_at IS NULL AND expires_at > $3`,
    [hashToken(token), projectId, new Date(now)],
  )
  const row = rows[0]
  return row && { session: toSession(row), projectId: row.project_id, account: row.account }
}

/** Live sessions of one account in one project, newest first. */
export async function listSessions(
  db: Queryable,
  projectId: string,
  account: string,
  now: number,
): Promise<AuthSession[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${COLUMNS} FROM auth_sessions
      WHERE project_id = $1 AND account = $2 AND revoked_at IS NULL AND expires_at > $3
      ORDER BY created_at DESC, id LIMIT ${AUTH_SESSIONS_PAGE_SIZE}`,
    [projectId, account, new Date(now)],
  )
  return rows.map(toSession)
}

/** Revokes a live session of this account; false when there is none by that id. */
export async function revokeSession(
  db: Queryable,
  projectId: string,
  account: string,
  id: string,
  now: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth_sessions SET revoked_at = $4
      WHERE id = $1 AND project_id = $2 AND account = $3 AND revoked_at IS NULL`,
    [id, projectId, account, new Date(now)],
  )
  return rowCount === 1
}
