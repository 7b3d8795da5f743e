// The embedded wallet's users: one per e-mail address per project, made when a login code for
// a new address is verified. Addresses are kept in lower case.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'

export interface EmbeddedUserRecord {
  id: string
  projectId: string
  /** Null for a user who came in another way (social/): no login address of ours. */
  email: string | null
}

interface UserRow {
  id: string
  project_id: string
  email: string | null
}

const toUser = (row: UserRow): EmbeddedUserRecord => ({
  id: row.id,
  projectId: row.project_id,
  email: row.email,
})

export async function findUserByEmail(
  db: Queryable,
  projectId: string,
  email: string,
): Promise<EmbeddedUserRecord | undefined> {
  const { rows } = await db.query<UserRow>(
    'SELECT id, project_id, email FROM embedded_wallet_users WHERE project_id = $1 AND email = $2',
    [projectId, email],
  )
  return rows[0] && toUser(rows[0])
}

/** The address's user in this project, made if it has none (racing logins get the same one). */
export async function findOrCreateUser(
  db: Queryable,
  projectId: string,
  email: string,
  now: number,
): Promise<EmbeddedUserRecord> {
  await db.query(
    `INSERT INTO embedded_wallet_users (id, project_id, email, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, email) DO NOTHING`,
    [randomUUID(), projectId, email, new Date(now)],
  )
  const user = await findUserByEmail(db, projectId, email)
  if (!user) throw new Error('the user just stored is not found')
  return user
}

/** Gives the user a new address; false when another user of the project has it already. */
export async function changeUserEmail(
  db: Queryable,
  userId: string,
  email: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE embedded_wallet_users u SET email = $2
      WHERE u.id = $1 AND NOT EXISTS (
        SELECT 1 FROM embedded_wallet_users o
         WHERE o.project_id = u.project_id AND o.email = $2 AND o.id <> u.id)`,
    [userId, email],
  )
  return rowCount === 1
}
