import type { Database } from './database'
import { openPgliteDatabase } from './pglite-database'
import { openPostgresDatabase } from './postgres-database'

export interface DatabaseLocation {
  /** PostgreSQL connection URL; when set, the data folder is not used. */
  databaseUrl?: string | undefined
  /** PGlite data folder. */
  dataDir: string
}

export function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.databaseUrl
    ? openPostgresDatabase(location.databaseUrl)
    : openPgliteDatabase(location.dataDir)
}
