// PGlite data folders made once and kept in node_modules/.cache: one fresh from initdb, and one
// with the server's migrations applied on top. Creating the first takes seconds (initdb in
// wasm), applying the migrations in PGlite about 1.5 s of CPU, copying a folder a fraction of a
// second: every test server used to apply them to its own copy. The first test file that needs
// a template creates it; others (in parallel workers) wait for it.
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { repoRoot } from '../config'
import { migrate } from '../db/migrate'
import { migrations } from '../db/migrations'
import { openPgliteDatabase } from '../db/pglite-database'

const STALE_LOCK_MS = 120_000

/** The installed PGlite's version (its package.json is not exported, so look for it). */
function pgliteVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (folder !== dirname(folder)) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'))
      if (name === '@electric-sql/pglite') return version
    }
    folder = dirname(folder)
  }
  throw new Error('@electric-sql/pglite is not installed')
}

export const templateCacheDir = join(repoRoot, 'node_modules', '.cache', 'portico-server')

/** What a template holds: nothing but initdb's, or the server's schema as well. */
export type TemplateSchema = 'empty' | 'migrated'

/** The migrations' own text: a template made with others is another template. */
function migrationsDigest(): string {
  const hash = createHash('sha256')
  for (const migration of migrations) hash.update(`${migration.id}\0${migration.sql}\0`)
  return hash.digest('hex').slice(0, 16)
}

const emptyTemplateName = () => `pglite-${pgliteVersion()}-wal1`

function pgliteTemplatePath(schema: TemplateSchema): string {
  const empty = join(templateCacheDir, emptyTemplateName())
  return schema === 'empty' ? empty : `${empty}-schema-${migrationsDigest()}`
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // A creator that died leaves its lock behind.
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
      rmSync(lock, { recursive: true, force: true })
    return false
  }
}

/** Templates made with migrations since edited or added to are never used again. */
function removeOtherSchemas(kept: string): void {
  const prefix = `${emptyTemplateName()}-schema-`
  for (const name of readdirSync(templateCacheDir)) {
    const path = join(templateCacheDir, name)
    if (name.startsWith(prefix) && path !== kept && !name.includes('.')) {
      rmSync(path, { recursive: true, force: true })
    }
  }
}

/**
 * The template's path, creating it on first use (the migrated one from the empty one). Measures
 * how long that took.
 */
export async function ensurePgliteTemplate(
  schema: TemplateSchema = 'migrated',
): Promise<{ path: string; createdInMs?: number }> {
  const path = pgliteTemplatePath(schema)
  if (existsSync(path)) return { path }
  const empty = schema === 'migrated' ? (await ensurePgliteTemplate('empty')).path : undefined
  mkdirSync(templateCacheDir, { recursive: true })
  const lock = `${path}.creating`
  while (!tryLock(lock)) {
    if (existsSync(path)) return { path }
    await pause(100)
  }
  try {
    if (existsSync(path)) return { path }
    const started = Date.now()
    const temporary = `${path}.tmp-${process.pid}`
    rmSync(temporary, { recursive: true, force: true })
    if (empty) {
      cpSync(empty, temporary, { recursive: true })
      const db = await openPgliteDatabase(temporary)
      try {
        await migrate(db)
      } finally {
        await db.close()
      }
    } else {
      // 1 MB WAL segments instead of 16: a smaller folder to copy per test file.
      const pglite = await PGlite.create(temporary, { initDbStartParams: ['--wal-segsize=1'] })
      await pglite.close()
    }
    renameSync(temporary, path) // the folder appears complete or not at all
    if (empty) removeOtherSchemas(path)
    return { path, createdInMs: Date.now() - started }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
