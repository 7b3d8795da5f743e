// What a refused request must leave as it was: every row of the tables a route group writes,
// plus anything else it could change (mails sent), read as one comparable string.
import type { Queryable } from '../db/database'

export interface StoredRows {
  /** The rows now, each table's rows sorted, so two reads compare as equal strings. */
  read(): Promise<string>
}

export function storedRows(
  db: () => Queryable,
  tables: readonly string[],
  /** State outside the tables that a request must not change either (e.g. mails sent). */
  outside: () => unknown = () => null,
): StoredRows {
  return {
    async read() {
      const rows = await Promise.all(
        tables.map(async (table) => {
          const { rows } = await db().query(`SELECT * FROM ${table}`)
          // int8 columns come back as bigint, which JSON.stringify refuses.
          return rows.map((row) => JSON.stringify(row, bigintAsText)).sort()
        }),
      )
      return JSON.stringify({ rows, outside: outside() })
    },
  }
}

function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? String(value) : value
}
