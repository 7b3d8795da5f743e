#!/usr/bin/env node
// Builds the publishable packages (@portico/protocol, /core, /react) in the order they build,
// each only when what its build reads changed since its last build here.
// `node scripts/build-packages.mjs <name>` builds that package and those before it: each
// package's `prepack` runs it, so `npm pack` or `npm publish` from a clean checkout ships the
// package with its dist/, and a pack right after a build does not build again.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

/** Our packages by short name, in the order they build (each reads the declarations before). */
export const PACKAGES = ['protocol', 'core', 'react']

const stamps = join(root, 'node_modules', '.cache', 'portico-package-builds')

/**
 * What a package's build reads (its sources, manifest and build configs), hashed on top of the
 * packages built before it, whose declarations it reads.
 */
function buildInputs(name, before) {
  const dir = join(root, 'packages', name)
  const sources = readdirSync(join(dir, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, 'src', file))
    .filter((path) => /\.tsx?$/.test(path))
  const files = [
    join(root, 'tsconfig.base.json'),
    join(root, 'packages', 'library.vite.config.ts'),
    join(dir, 'package.json'),
    join(dir, 'tsconfig.build.json'),
    ...sources.sort(),
  ]
  const hash = createHash('sha256').update(before)
  for (const file of files) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * The build's environment without the calling npm's settings: inside `npm pack -w
 * packages/react` they would carry the workspace flag into the inner `npm run build`. A
 * published build is always a production one: started from a test run (NODE_ENV=test), React's
 * JSX would compile to the development runtime's jsxDEV, which a host's production build lacks.
 */
function cleanEnv() {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_|^INIT_CWD$/i.test(key)),
    ),
    NODE_ENV: 'production',
  }
}

/** Runs a command to its end, its output kept for the error should it fail: the output. */
export function runCollecting(command, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(output)
      else reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${output}`))
    })
  })
}

function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Waits until no other process holds `lock` (a file naming its process; one whose process is
 * gone is taken over), then holds it: the returned function lets it go.
 */
export async function holdLockFile(lock, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => rmSync(lock, { force: true })
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      // Gone already (its holder let go): try again at once.
      if (!existsSync(lock)) continue
      const holder = Number(readFileSync(lock, 'utf8'))
      if (holder > 0 && !isRunning(holder)) {
        rmSync(lock, { force: true })
        continue
      }
      if (Date.now() > deadline) throw new Error(`${lock}: process ${holder} holds it`)
      await new Promise((done) => setTimeout(done, 500))
    }
  }
}

/** Builds `upTo` and the packages before it (all of them by default); the names built. */
export async function buildPackages(upTo = PACKAGES.at(-1)) {
  const last = PACKAGES.indexOf(upTo)
  if (last < 0) throw new Error(`${upTo} is not one of ${PACKAGES.join(', ')}`)
  // One build at a time per checkout: a pack test and the examples' check may both ask.
  mkdirSync(stamps, { recursive: true })
  const release = await holdLockFile(join(stamps, 'lock'), 10 * 60_000)
  try {
    const built = []
    let inputs = ''
    for (const name of PACKAGES.slice(0, last + 1)) {
      inputs = buildInputs(name, inputs)
      const stamp = join(stamps, name)
      const hasDist = existsSync(join(root, 'packages', name, 'dist'))
      if (hasDist && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) continue
      await runCollecting('npm', ['run', 'build'], join(root, 'packages', name), cleanEnv())
      writeFileSync(stamp, inputs)
      built.push(name)
    }
    return built
  } finally {
    release()
  }
}

if (process.argv[1] === import.meta.filename) {
  const built = await buildPackages(process.argv[2])
  // On stderr: `npm pack --json` prints its answer on stdout.
  if (built.length) console.error(`built ${built.map((name) => `@portico/${name}`).join(', ')}`)
}
