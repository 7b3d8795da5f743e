// The one database interface the server uses, whatever runs underneath (PGlite in a data
// folder, or PostgreSQL). Both implementations parse values the same way: int8 -> bigint,
// numeric -> string, timestamptz -> Date, json/jsonb -> value, arrays -> arrays.

export interface QueryResult<Row> {
  rows: Row[]
  /** Rows returned, or rows changed by INSERT/UPDATE/DELETE. */
  rowCount: number
}

export interface Queryable {
  /** One statement with $1, $2... parameters. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<Row>>
  /** One or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
