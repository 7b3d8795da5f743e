// Database on PGlite (PostgreSQL in wasm) in a data folder. One connection: statements run one
// at a time, and a transaction holds the connection until it ends.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { PGlite, types } from '@electric-sql/pglite'
import { lockDataFolder, unlockDataFolder } from './data-folder-lock'
import type { Database, Queryable, QueryResult } from './database'

interface PgliteQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; affectedRows?: number }>
  exec(sql: string): Promise<unknown>
}

function wrap(target: PgliteQueryable): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, [...params])
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql)
    },
  }
}

/** Opens (creating if needed) the data folder; the folder is locked to this process. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  mkdirSync(dirname(dataDir), { recursive: true })
  lockDataFolder(dataDir)
  let pglite: PGlite
  try {
    pglite = await PGlite.create(dataDir, {
      parsers: { [types.INT8]: (value: string) => BigInt(value) },
    })
  } catch (error) {
    unlockDataFolder(dataDir)
    throw error
  }
  const queryable = wrap(pglite)
  return {
    kind: 'pglite',
    ...queryable,
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    async close() {
      if (!pglite.closed) await pglite.close()
      unlockDataFolder(dataDir)
    },
  }
}
