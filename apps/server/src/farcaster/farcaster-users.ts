// The embedded wallet's user of a fid: found by ('farcaster', fid) in the project's external
// identities (migration 9), made with no e-mail address on the fid's first login. The same fid
// is the same user, so the same wallet, on any browser.
import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database'

export const FARCASTER_PROVIDER = 'farcaster'

export interface FarcasterUser {
  id: string
  projectId: string
}

async function findUserId(db: Database, projectId: string, fid: number) {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM embedded_wallet_identities
      WHERE project_id = $1 AND provider = $2 AND subject = $3`,
    [projectId, FARCASTER_PROVIDER, String(fid)],
  )
  return rows[0]?.user_id
}

/** The fid's user in this project (made if it has none), its username and login time noted. */
export async function findOrCreateFarcasterUser(
  db: Database,
  projectId: string,
  fid: number,
  username: string,
  now: number,
): Promise<FarcasterUser> {
  const at = new Date(now)
  const existing = await findUserId(db, projectId, fid)
  if (existing !== undefined) {
    await db.query(
      `UPDATE embedded_wallet_identities SET user_name = $4, last_login_at = $5
        WHERE project_id = $1 AND provider = $2 AND subject = $3`,
      [projectId, FARCASTER_PROVIDER, String(fid), username, at],
    )
    return { id: existing, projectId }
  }
  // User and identity together; a racing first login of the same fid makes its own user, and
  // the loser of the identity's primary key rolls back and takes the winner's.
  const made = await db
    .transaction(async (tx) => {
      const id = randomUUID()
      await tx.query(
        'INSERT INTO embedded_wallet_users (id, project_id, email, created_at) VALUES ($1, $2, NULL, $3)',
        [id, projectId, at],
      )
      const { rows } = await tx.query<{ user_id: string }>(
        `INSERT INTO embedded_wallet_identities
         (project_id, provider, subject, user_id, email, user_name, created_at, last_login_at)
       VALUES ($1, $2, $3, $4, NULL, $5, $6, $6)
       ON CONFLICT (project_id, provider, subject) DO NOTHING RETURNING user_id`,
        [projectId, FARCASTER_PROVIDER, String(fid), id, username, at],
      )
      if (rows.length === 0) throw new LostRace()
      return id
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof LostRace)) throw error
      return findUserId(db, projectId, fid)
    })
  if (made === undefined) throw new Error(`the identity of fid ${fid} is not found after a race`)
  return { id: made, projectId }
}

class LostRace extends Error {}
