// The examples' committed locks (examples/<name>/package-lock.json) pin every package a host app
// gets from the registry, so each check installs what the last one tested. Our three packages
// are packed afresh by every check, so no integrity could stay true for them: their entries
// name one fixed path (`../packs/portico-<name>.tgz` from the example's copy), carry no
// integrity, and are compared with the packages' manifests instead.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGES } from './build-packages.mjs'
import { repoRoot } from './stack'

interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  optional?: boolean
  devOptional?: boolean
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

interface Lock {
  packages: Record<string, LockEntry>
}

/** What a package.json and a lock entry share: name -> version range, and the peers' flags. */
type Manifest = Omit<LockEntry, 'resolved' | 'integrity' | 'optional' | 'devOptional'>

/** Runs npm in the example's copy. */
type Npm = (args: string[]) => Promise<unknown>

/** The one command that rewrites the locks from the registry (and tests them). */
const REFRESH_LOCKS = 'PORTICO_EXAMPLES_REFRESH_LOCKS=1 npm run test:examples'

const PORTICO = 'node_modules/@portico/'

/** Our package `short` (protocol, core, react) in an example's package.json and lock. */
export function packSpec(short: string): string {
  return `file:../packs/portico-${short}.tgz`
}

function readLock(path: string): Lock {
  return JSON.parse(readFileSync(path, 'utf8')) as Lock
}

/** The lock as committed and installed: our packages' entries without one pack's integrity. */
function withoutPackIntegrity(text: string): string {
  const lock = JSON.parse(text) as Lock
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith(PORTICO)) delete entry.integrity
  }
  return `${JSON.stringify(lock, null, 2)}\n`
}

/** Key order aside, so a lock npm sorted and a manifest we wrote compare equal. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`
}

const SHARED_FIELDS = [
  'version',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
] as const

/**
 * Why the lock no longer fits the example (its own dependencies, or what our packages now
 * depend on): npm ci checks the first itself but trusts the lock for a tarball's dependencies,
 * so a package that gained one would be installed without it.
 */
function staleLockReasons(
  lockText: string,
  example: Pick<Manifest, 'dependencies' | 'devDependencies'>,
  packages: Record<string, Manifest>,
): string[] {
  const lock = JSON.parse(lockText) as Lock
  const reasons: string[] = []
  const root = lock.packages[''] ?? {}
  for (const field of ['dependencies', 'devDependencies'] as const) {
    if (canonical(root[field] ?? {}) !== canonical(example[field] ?? {})) {
      reasons.push(`its ${field} differ from package.json's`)
    }
  }
  for (const [short, manifest] of Object.entries(packages)) {
    const entry = lock.packages[`${PORTICO}${short}`]
    if (!entry) {
      reasons.push(`@portico/${short} is missing`)
      continue
    }
    if (entry.resolved !== packSpec(short))
      reasons.push(`@portico/${short} is not ${packSpec(short)}`)
    for (const field of SHARED_FIELDS) {
      if (canonical(entry[field] ?? {}) !== canonical(manifest[field] ?? {})) {
        reasons.push(`@portico/${short}'s ${field} differ from packages/${short}/package.json`)
      }
    }
  }
  return reasons
}

/**
 * Every package installed in `work` against its lock, by the version in its own package.json:
 * each one installed is locked at that version, and each locked one is installed unless it is
 * optional (another platform's binary).
 */
function installedMismatches(work: string): string[] {
  const locked = readLock(join(work, 'package-lock.json')).packages
  // npm's record of what it put in node_modules, written by every install.
  const installed = readLock(join(work, 'node_modules', '.package-lock.json')).packages
  const mismatches: string[] = []
  for (const path of Object.keys(installed)) {
    if (path === '') continue
    const manifest = join(work, path, 'package.json')
    const version = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version
      : 'nothing'
    const want = locked[path]?.version
    if (version !== want) mismatches.push(`${path}: ${version} installed, ${want ?? 'not'} locked`)
  }
  for (const [path, entry] of Object.entries(locked)) {
    if (path === '' || entry.optional || entry.devOptional || path in installed) continue
    mismatches.push(`${path}: ${entry.version} locked, not installed`)
  }
  return mismatches
}

/**
 * examples/<name>/package-lock.json, written into the copy `work` once it fits the example's
 * manifest and our packages; with PORTICO_EXAMPLES_REFRESH_LOCKS=1 it is first rewritten, in
 * the repository, from the registry's newest versions within the example's ranges.
 */
export async function committedLock(
  name: string,
  work: string,
  example: Pick<Manifest, 'dependencies' | 'devDependencies'>,
  npm: Npm,
): Promise<string> {
  const file = join(repoRoot, 'examples', name, 'package-lock.json')
  const shown = `examples/${name}/package-lock.json`
  if (process.env.PORTICO_EXAMPLES_REFRESH_LOCKS === '1') {
    // Nothing installed or locked before may pin a version: the newest in range, as a new app.
    rmSync(join(work, 'node_modules'), { recursive: true, force: true })
    rmSync(join(work, 'package-lock.json'), { force: true })
    await npm(['install', '--package-lock-only', '--no-audit', '--no-fund'])
    writeFileSync(file, withoutPackIntegrity(readFileSync(join(work, 'package-lock.json'), 'utf8')))
    console.log(`${shown}: refreshed from the registry`)
  }
  if (!existsSync(file)) throw new Error(`${shown} is missing: make it with ${REFRESH_LOCKS}`)
  const lock = withoutPackIntegrity(readFileSync(file, 'utf8'))
  const packages: Record<string, Manifest> = {}
  for (const short of PACKAGES) {
    const manifest = join(repoRoot, 'packages', short, 'package.json')
    packages[short] = JSON.parse(readFileSync(manifest, 'utf8')) as Manifest
  }
  const stale = staleLockReasons(lock, example, packages)
  if (stale.length) {
    throw new Error(
      `${shown} is out of date (${stale.join('; ')}): refresh it with ${REFRESH_LOCKS}`,
    )
  }
  writeFileSync(join(work, 'package-lock.json'), lock)
  return lock
}

/**
 * Installs the lock in `work` with our tarballs (short name -> path), then checks that
 * node_modules holds exactly it. `inputs` (the manifest and lock as written) and the tarballs'
 * bytes are stamped, so an unchanged example installs nothing.
 */
export async function installLocked(
  name: string,
  work: string,
  inputs: string,
  tarballs: Record<string, string>,
  npm: Npm,
): Promise<void> {
  const locked = createHash('sha256').update(inputs).digest('hex')
  const packs = createHash('sha256')
  for (const path of Object.values(tarballs).sort()) packs.update(readFileSync(path))
  const installed = `${locked}\n${packs.digest('hex')}\n`
  const stamp = join(work, 'node_modules', '.portico-installed')
  const before = existsSync(stamp) ? readFileSync(stamp, 'utf8') : ''
  if (before === installed) return
  const flags = ['--prefer-offline', '--no-audit', '--no-fund']
  if (before.startsWith(`${locked}\n`)) {
    // Installed from this very lock, and checked: only our tarballs are new. Named, npm puts
    // them in again (2 s for next, against 16 s for npm ci); --no-save leaves the lock as is.
    await npm(['install', '--no-save', ...flags, ...Object.keys(tarballs).map(packSpec)])
  } else {
    await npm(['ci', ...flags])
  }
  const mismatches = installedMismatches(work)
  if (mismatches.length) {
    const shown = `examples/${name}/package-lock.json`
    throw new Error(`${work} does not hold ${shown} after npm:\n${mismatches.join('\n')}`)
  }
  writeFileSync(stamp, installed)
}
