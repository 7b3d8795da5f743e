// A PGlite data folder fresh from initdb, made once and kept in node_modules/.cache: creating
// one takes seconds (initdb in wasm), copying it a fraction of a second. The first test file
// that needs it creates it; others (in parallel workers) wait for it.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { repoRoot } from '../config'

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

export function pgliteTemplatePath(): string {
  return join(templateCacheDir, `pglite-${pgliteVersion()}-wal1`)
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

/** The template's path, creating it on first use. Measures how long that took. */
export async function ensurePgliteTemplate(): Promise<{ path: string; createdInMs?: number }> {
  const path = pgliteTemplatePath()
  if (existsSync(path)) return { path }
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
    // 1 MB WAL segments instead of 16: a smaller folder to copy per test file.
    const pglite = await PGlite.create(temporary, { initDbStartParams: ['--wal-segsize=1'] })
    await pglite.close()
    renameSync(temporary, path) // the folder appears complete or not at all
    return { path, createdInMs: Date.now() - started }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
