// A database of its own for one test file: a copy of a PGlite template in a temporary
// folder, or, when DATABASE_URL is set, a new PostgreSQL database on that server (dropped
// after), so test files never see each other's rows. A PGlite copy comes with the server's
// schema already in place (the server's start then has no migration to apply) unless `empty`
// is asked for; a PostgreSQL one is empty, and the server migrates it as it starts.
import { randomBytes } from 'node:crypto'
import { accessSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { DatabaseLocation } from '../db/open-database'
import { ensurePgliteTemplate } from './pglite-template'

export interface FreshDatabase {
  location: DatabaseLocation
  drop(): Promise<void>
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function freshPostgresDatabase(serverUrl: string, dataDir: string): Promise<FreshDatabase> {
  const name = `portico_test_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    location: { databaseUrl: url.toString(), dataDir },
    async drop() {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Memory-backed when the machine has /dev/shm: copies and writes skip the disk. */
function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK)
    return '/dev/shm'
  } catch {
    return tmpdir()
  }
}

export interface FreshDatabaseOptions {
  /** Nothing in it but what initdb made (tests of the migrations themselves). */
  empty?: boolean
}

export async function createFreshDatabase(
  env: NodeJS.ProcessEnv = process.env,
  options: FreshDatabaseOptions = {},
): Promise<FreshDatabase> {
  const folder = mkdtempSync(join(scratchRoot(), 'portico-server-test-'))
  const dataDir = join(folder, 'pglite')
  const removeFolder = () => rmSync(folder, { recursive: true, force: true })
  if (env.DATABASE_URL) {
    const database = await freshPostgresDatabase(env.DATABASE_URL, dataDir)
    return {
      location: database.location,
      async drop() {
        await database.drop()
        removeFolder()
      },
    }
  }
  const template = await ensurePgliteTemplate(options.empty ? 'empty' : 'migrated')
  cpSync(template.path, dataDir, { recursive: true })
  return { location: { dataDir }, drop: async () => removeFolder() }
}
