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
  const lock = join(root, 'package-lock.json')
  return createHash('sha256').update(readFileSync(lock)).digest('hex')
}

export function ensureNodeModules() {
  const wanted = lockHash()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return
  // `npm install`, not `npm ci`: the registry here lacks some of Biome's optional platform
  // packages, which leaves them out of the lock file, and `npm ci` refuses such a lock.
  console.log('portico: installing npm packages (npm install)…')
  run('npm', ['install', '--no-audit', '--no-fund'])
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
