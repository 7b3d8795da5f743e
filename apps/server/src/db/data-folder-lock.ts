// PGlite has no lock of its own: two processes opening one data folder silently lose writes
// (tried: each process keeps its own copy in memory and the last to close wins). The process
// that opens a data folder therefore owns a lock file beside it (`<dataDir>.lock`) naming its
// pid and, once it listens, its URL and an admin token, so the project CLI can reach the
// running server instead of opening the folder a second time.
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'

export interface DataFolderOwner {
  pid: number
  /** Set once the owning server listens. */
  url?: string
  adminToken?: string
}

export class DataFolderInUseError extends Error {
  override readonly name = 'DataFolderInUseError'
  constructor(dataDir: string, pid: number) {
    super(
      `The PGlite data folder ${dataDir} is in use by process ${pid}. ` +
        'Stop that process, or set DATABASE_URL to use PostgreSQL. ' +
        `(If no Portico server runs as ${pid}, delete ${lockPath(dataDir)}.)`,
    )
  }
}

function lockPath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}.lock`
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readLock(path: string): DataFolderOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as DataFolderOwner
    return Number.isInteger(owner.pid) ? owner : undefined
  } catch {
    return undefined
  }
}

function writeAtomically(path: string, owner: DataFolderOwner, replace: boolean): void {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`
  writeFileSync(temporary, JSON.stringify(owner), { mode: 0o600 })
  try {
    if (replace) renameSync(temporary, path)
    else linkSync(temporary, path) // fails with EEXIST if the lock exists: creation is atomic
  } finally {
    if (!replace) unlinkSync(temporary)
  }
}

/** The live process owning the data folder, if any. */
export function readDataFolderOwner(dataDir: string): DataFolderOwner | undefined {
  const owner = readLock(lockPath(dataDir))
  return owner && isAlive(owner.pid) ? owner : undefined
}

/** Takes the data folder for this process; throws DataFolderInUseError if a live one has it. */
export function lockDataFolder(dataDir: string): void {
  const path = lockPath(dataDir)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeAtomically(path, { pid: process.pid }, false)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = readLock(path)
    if (owner && isAlive(owner.pid)) throw new DataFolderInUseError(dataDir, owner.pid)
    // A lock left by a process that died: take it over.
    try {
      unlinkSync(path)
    } catch {
      // Someone else removed it first; try again.
    }
  }
  throw new DataFolderInUseError(dataDir, readLock(path)?.pid ?? -1)
}

/** Adds the URL and admin token of this process's server to the lock it holds. */
export function announceDataFolderServer(dataDir: string, url: string, adminToken: string): void {
  const path = lockPath(dataDir)
  if (readLock(path)?.pid !== process.pid) return
  writeAtomically(path, { pid: process.pid, url, adminToken }, true)
}

export function unlockDataFolder(dataDir: string): void {
  const path = lockPath(dataDir)
  if (readLock(path)?.pid !== process.pid) return
  try {
    unlinkSync(path)
  } catch {
    // Already gone.
  }
}
