// The one ordered list of schema changes, for PGlite and PostgreSQL alike. Append only: never
// edit or reorder an applied migration (the runner refuses a changed checksum); add a new one.

export interface Migration {
  /** 1, 2, 3... in order, no gaps. */
  id: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'create_projects',
    sql: `
      CREATE TABLE projects (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        allowed_origins text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
]
