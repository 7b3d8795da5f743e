// Applies the pending migrations in one transaction. On PostgreSQL a transaction-scoped
// advisory lock makes servers that start together take turns: the first applies, the others
// then find nothing to do.
import { createHash } from 'node:crypto'
import type { Database } from './database'
import { migrations as allMigrations, type Migration } from './migrations'

/** Any fixed number; every Portico server uses the same one for the migration lock. */
const MIGRATION_LOCK_KEY = 7_320_011_001n

export class MigrationChangedError extends Error {
  override readonly name = 'MigrationChangedError'
  constructor(migration: Migration) {
    super(
      `Migration ${migration.id} (${migration.name}) differs from the one applied to this ` +
        'database; add a new migration instead of editing an applied one.',
    )
  }
}

function checksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex')
}

/** Returns the ids of the migrations it applied (empty when the schema was up to date). */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = allMigrations,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `)
    const { rows } = await tx.query<{ id: number; checksum: string }>(
      'SELECT id, checksum FROM schema_migrations',
    )
    const applied = new Map(rows.map((row) => [row.id, row.checksum]))
    const done: number[] = []
    for (const migration of migrations) {
      const known = applied.get(migration.id)
      if (known !== undefined) {
        if (known !== checksum(migration)) throw new MigrationChangedError(migration)
        continue
      }
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)', [
        migration.id,
        migration.name,
        checksum(migration),
      ])
      done.push(migration.id)
    }
    return done
  })
}
