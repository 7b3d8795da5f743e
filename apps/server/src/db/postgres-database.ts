// Database on PostgreSQL through a pg connection pool.
import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database'

const INT8_OID = 20

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => BigInt(value)
    return pg.types.getTypeParser(oid, format)
  },
} as pg.CustomTypesConfig

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query(sql, params as unknown[])
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length }
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql)
    },
  }
}

export interface PostgresOptions {
  /** Pool size; default 10. */
  maxConnections?: number
}

export async function openPostgresDatabase(
  url: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types: typeParsers,
    connectionTimeoutMillis: 10_000,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  await pool.query('SELECT 1') // fail at start, not on the first request
  let closed = false
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
