// The rows of a social login: the started state (its hash only, single use), the identity
// (project, provider, subject) -> user, and the one-time result code the frame redeems.
import { createHash, randomUUID } from 'node:crypto'
import type { SocialProvider } from '@portico/protocol/social-login'
import type { Queryable } from '../db/database'
import type { EmbeddedUserRecord } from '../embedded-wallet/embedded-users'
import type { ProviderPerson } from './social-providers'

export const hashToken = (value: string) => createHash('sha256').update(value).digest('hex')

export interface StartedLogin {
  projectId: string
  provider: SocialProvider
  resultUri: string
}

export async function insertState(
  db: Queryable,
  state: string,
  login: StartedLogin,
  now: number,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO social_login_states (state_hash, project_id, provider, result_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(state), login.projectId, login.provider, login.resultUri, new Date(now), expiresAt],
  )
}

/** The state's login, spent by this call; undefined when unknown, expired, used or another provider's. */
export async function claimState(
  db: Queryable,
  state: string,
  provider: SocialProvider,
  now: number,
): Promise<StartedLogin | undefined> {
  const { rows } = await db.query<{
    project_id: string
    provider: SocialProvider
    result_uri: string
  }>(
    `UPDATE social_login_states SET used_at = $3
      WHERE state_hash = $1 AND provider = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING project_id, provider, result_uri`,
    [hashToken(state), provider, new Date(now)],
  )
  const row = rows[0]
  return row && { projectId: row.project_id, provider: row.provider, resultUri: row.result_uri }
}

/** The identity's user, made with it on the first login (racing logins get the same one). */
export async function findOrCreateIdentityUser(
  db: Queryable,
  projectId: string,
  provider: string,
  person: ProviderPerson,
  now: number,
): Promise<EmbeddedUserRecord> {
  const find = () =>
    db.query<{ id: string; email: string | null }>(
      `SELECT u.id, u.email FROM embedded_wallet_identities i
         JOIN embedded_wallet_users u ON u.id = i.user_id
        WHERE i.project_id = $1 AND i.provider = $2 AND i.subject = $3`,
      [projectId, provider, person.subject],
    )
  let { rows } = await find()
  if (!rows[0]) {
    const userId = randomUUID()
    await db.query(
      'INSERT INTO embedded_wallet_users (id, project_id, email, created_at) VALUES ($1, $2, NULL, $3)',
      [userId, projectId, new Date(now)],
    )
    const { rowCount } = await db.query(
      `INSERT INTO embedded_wallet_identities
         (project_id, provider, subject, user_id, email, user_name, created_at, last_login_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT DO NOTHING`,
      [projectId, provider, person.subject, userId, person.email, person.name, new Date(now)],
    )
    // Another login of the same person won the race: drop the user made here.
    if (rowCount !== 1) await db.query('DELETE FROM embedded_wallet_users WHERE id = $1', [userId])
    ;({ rows } = await find())
  } else {
    await db.query(
      `UPDATE embedded_wallet_identities SET email = $4, user_name = $5, last_login_at = $6
        WHERE project_id = $1 AND provider = $2 AND subject = $3`,
      [projectId, provider, person.subject, person.email, person.name, new Date(now)],
    )
  }
  const row = rows[0]
  if (!row) throw new Error('the identity just stored is not found')
  return { id: row.id, projectId, email: row.email }
}

export async function insertResult(
  db: Queryable,
  code: string,
  state: string,
  login: StartedLogin,
  userId: string,
  userName: string | null,
  now: number,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO social_login_results
       (code_hash, state_hash, project_id, provider, user_id, user_name, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      hashToken(code),
      hashToken(state),
      login.projectId,
      login.provider,
      userId,
      userName,
      new Date(now),
      expiresAt,
    ],
  )
}

export interface RedeemedResult {
  userId: string
  email: string | null
  userName: string | null
  provider: SocialProvider
}

/** Spends the code when it is live, unused and of this state and project. */
export async function redeemResult(
  db: Queryable,
  projectId: string,
  state: string,
  code: string,
  now: number,
): Promise<RedeemedResult | undefined> {
  const { rows } = await db.query<{
    user_id: string
    user_name: string | null
    provider: SocialProvider
  }>(
    `UPDATE social_login_results SET used_at = $4
      WHERE code_hash = $1 AND state_hash = $2 AND project_id = $3 AND used_at IS NULL
        AND expires_at > $4
      RETURNING user_id, user_name, provider`,
    [hashToken(code), hashToken(state), projectId, new Date(now)],
  )
  const row = rows[0]
  if (!row) return undefined
  const identity = await db.query<{ email: string | null }>(
    'SELECT email FROM embedded_wallet_identities WHERE user_id = $1 AND provider = $2',
    [row.user_id, row.provider],
  )
  return {
    userId: row.user_id,
    email: identity.rows[0]?.email ?? null,
    userName: row.user_name,
    provider: row.provider,
  }
}
