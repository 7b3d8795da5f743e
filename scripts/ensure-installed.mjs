#!/usr/bin/env node
// Installs what a fresh clone is missing, using only Node's standard library (it runs before
// node_modules exists). `--browser` also makes sure Debian's Chromium is there for e2e.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'node_modules', '.portico-install-stamp')

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
  }
}

function lockHash() {
  return createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex')
}

/**
 * Whether node_modules holds exactly the lock's packages (npm's own record of the installed tree,
 * node_modules/.package-lock.json, against package-lock.json): optional packages of other
 * platforms may be absent, nothing else may differ.
 */
function installedMatchesLock() {
  const installedRecord = join(root, 'node_modules', '.package-lock.json')
  if (!existsSync(installedRecord)) return false
  const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages
  const installed = JSON.parse(readFileSync(installedRecord, 'utf8')).packages
  for (const [path, entry] of Object.entries(wanted)) {
    if (!path.startsWith('node_modules/')) continue
    const present = installed[path]
    if (!present ? !entry.optional : present.version !== entry.version) return false
  }
  return Object.keys(installed).every((path) => !path.startsWith('node_modules/') || wanted[path])
}

export function ensureNodeModules() {
  const wanted = lockHash()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return
  // `npm ci`: exactly the committed lock (it refuses a lock that disagrees with a package.json),
  // so a fresh clone runs the versions that were tested. Skipped when the tree already matches
  // (another engineer's `npm install -w ...` changed both), as ci would reinstall everything.
  if (!installedMatchesLock()) {
    console.log('portico: installing npm packages from package-lock.json (npm ci)…')
    run('npm', ['ci', '--no-audit', '--no-fund'])
  }
  writeFileSync(stamp, wanted)
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path) => path && existsSync(path))
}

export function ensureChromium() {
  if (chromiumPath()) return
  console.log('portico: installing Chromium from Debian (apt-get install chromium)…')
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (args) => (asRoot.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args))
  apt(['update', '-qq'])
  apt(['install', '-y', '-qq', 'chromium'])
  if (!chromiumPath()) throw new Error('Chromium is still missing after apt-get install chromium')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureNodeModules()
  if (process.argv.includes('--browser')) ensureChromium()
}
