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

interface StartedLoginRow {
  project_id: string
  provider: SocialProvider
  result_uri: string
}

const startedLoginOf = (row: StartedLoginRow | undefined): StartedLogin | undefined =>
  row && { projectId: row.project_id, provider: row.provider, resultUri: row.result_uri }

/** The login of a live state that has not gone to the provider yet; undefined otherwise. */
export async function findUnbegunState(
  db: Queryable,
  state: string,
  now: number,
): Promise<StartedLogin | undefined> {
  const { rows } = await db.query<StartedLoginRow>(
    `SELECT project_id, provider, result_uri FROM social_login_states
      WHERE state_hash = $1 AND begun_at IS NULL AND used_at IS NULL AND expires_at > $2`,
    [hashToken(state), new Date(now)],
  )
  return startedLoginOf(rows[0])
}

/** Whether the state is live, begun and not yet spent, for `provider`. */
export async function isBegunState(
  db: Queryable,
  state: string,
  provider: SocialProvider,
  now: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM social_login_states
      WHERE state_hash = $1 AND provider = $2 AND begun_at IS NOT NULL AND used_at IS NULL
        AND expires_at > $3`,
    [hashToken(state), provider, new Date(now)],
  )
  return rows.length === 1
}

/** Marks the state begun; false when another begin (or the expiry) came first. */
export async function claimBegin(db: Queryable, state: string, now: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE social_login_states SET begun_at = $2
      WHERE state_hash = $1 AND begun_at IS NULL AND used_at IS NULL AND expires_at > $2`,
    [hashToken(state), new Date(now)],
  )
  return rowCount === 1
}

/**
 * The begun state's login, spent by this call; undefined when unknown, never begun, expired,
 * used or another provider's.
 */
export async function claimState(
  db: Queryable,
  state: string,
  provider: SocialProvider,
  now: number,
): Promise<StartedLogin | undefined> {
  const { rows } = await db.query<StartedLoginRow>(
    `UPDATE social_login_states SET used_at = $3
      WHERE state_hash = $1 AND provider = $2 AND begun_at IS NOT NULL AND used_at IS NULL
        AND expires_at > $3
      RETURNING project_id, provider, result_uri`,
    [hashToken(state), provider, new Date(now)],
  )
  return startedLoginOf(rows[0])
}

export interface IdentityUser extends EmbeddedUserRecord {
  /** The name the identity is known by after this login (the person's, or the one kept). */
  userName: string | null
}

/**
 * The identity's user, made with it on the first login (racing logins get the same one).
 * `keepName`: a login that names nobody keeps the name stored before, for a provider that
 * names the person only once (Apple); the others' current answer replaces it.
 */
export async function findOrCreateIdentityUser(
  db: Queryable,
  projectId: string,
  provider: string,
  person: ProviderPerson,
  now: number,
  keepName = false,
): Promise<IdentityUser> {
  const find = () =>
    db.query<{ id: string; email: string | null; user_name: string | null }>(
      `SELECT u.id, u.email, i.user_name FROM embedded_wallet_identities i
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
    const updated = await db.query<{ user_name: string | null }>(
      `UPDATE embedded_wallet_identities
          SET email = $4, user_name = CASE WHEN $7::boolean THEN COALESCE($5, user_name) ELSE $5 END,
              last_login_at = $6
        WHERE project_id = $1 AND provider = $2 AND subject = $3
        RETURNING user_name`,
      [projectId, provider, person.subject, person.email, person.name, new Date(now), keepName],
    )
    rows = rows.map((row) => ({ ...row, user_name: updated.rows[0]?.user_name ?? null }))
  }
  const row = rows[0]
  if (!row) throw new Error('the identity just stored is not found')
  return { id: row.id, projectId, email: row.email, userName: row.user_name }
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
