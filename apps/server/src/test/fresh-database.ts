// A database of its own for one test file: a copy of a PGlite template in a temporary
// folder, or, when DATABASE_URL is set, a new PostgreSQL database on that server (dropped
// after), so test files never see each other's rows. A PGlite copy comes with the server's
// schema already in place (the server's start then has no migration to apply) unless `empty`
// is asked for; a PostgreSQL one is empty, and the server migrates it as it starts.
import { randomBytes } from 'node:crypto'
import { accessSync, appendFileSync, constants, cpSync, mkdtempSync, rmSync } from 'node:fs'
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

/**
 * PostgreSQL's settings for a test file's PGlite, added to its copy's postgresql.conf (a later
 * line wins) as an operator tunes theirs; the template itself keeps initdb's (the benchmarks copy
 * it too). PGlite is one connection in wasm memory: initdb's 128 MB of shared buffers and shared
 * state for 100 connections were set up, and zeroed, at every open. Measured: an open 0.95 s ->
 * 0.45 s of CPU, paid for every server a test starts. Shared buffers are a cache: a test's rows fit.
 */
const TEST_SETTINGS = ['shared_buffers = 16MB', 'max_connections = 10']

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
  appendFileSync(join(dataDir, 'postgresql.conf'), `\n${TEST_SETTINGS.join('\n')}\n`)
  return { location: { dataDir }, drop: async () => removeFolder() }
}
