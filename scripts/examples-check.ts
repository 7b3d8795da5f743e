// The packages as a host gets them: builds @portico/protocol, /core and /react, packs them
// (`npm pack`), installs the tarballs into examples/vite and examples/next copied outside the
// repository (so nothing resolves through the workspace's node_modules), with every other
// package exactly as each example's package-lock.json has it (scripts/examples-lock.ts),
// builds and serves both. examples/playwright.config.ts drives them; `npm test` runs that.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { committedLock, installLocked, PACKAGES, packSpec } from './examples-lock'
import { repoRoot } from './stack'

export type ExampleName = 'vite' | 'next'

/**
 * Outside the repository, and kept between runs (of any checkout on this machine): an
 * example's node_modules is installed again only when its lock or a tarball changed (from
 * npm's cache), and Next.js keeps its build cache. `holdWorkRoot` lets one check at a time in.
 */
export const workRoot = join(tmpdir(), 'portico-examples')
const packsDir = join(workRoot, 'packs')

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Waits until no other check uses the work folder (a lock file naming its process; one whose
 * process is gone is taken over), then holds it: the returned function lets it go.
 */
export async function holdWorkRoot(): Promise<() => void> {
  mkdirSync(workRoot, { recursive: true })
  const lock = join(workRoot, 'lock')
  const deadline = Date.now() + 15 * 60_000
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return () => rmSync(lock, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // Gone already (its holder let go): try again at once.
      if (!existsSync(lock)) continue
      const holder = Number(readFileSync(lock, 'utf8'))
      if (holder > 0 && !isRunning(holder)) {
        rmSync(lock, { force: true })
        continue
      }
      if (Date.now() > deadline) throw new Error(`${lock}: process ${holder} holds it`)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

/**
 * The environment of the examples' npm and build processes: none of the parent npm's settings
 * (a workspace flag, the repo's prefix) nor Playwright's module loader in NODE_OPTIONS.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_|^NODE_OPTIONS$|^INIT_CWD$/i.test(key)) env[key] = value
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', ...extra }
}

function run(command: string, args: string[], cwd: string, env = cleanEnv()): Promise<string> {
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

/**
 * What a package's build reads (its sources, manifest and build configs), hashed on top of the
 * packages built before it, whose declarations it reads.
 */
function buildInputs(name: string, before: string): string {
  const dir = join(repoRoot, 'packages', name)
  const sources = readdirSync(join(dir, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, 'src', file))
    .filter((path) => /\.tsx?$/.test(path))
  const files = [
    join(repoRoot, 'tsconfig.base.json'),
    join(repoRoot, 'packages', 'library.vite.config.ts'),
    join(dir, 'package.json'),
    join(dir, 'tsconfig.build.json'),
    ...sources.sort(),
  ]
  const hash = createHash('sha256').update(before)
  for (const file of files) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * Builds the three packages in dependency order (each only when its inputs changed since its
 * last build here) and packs them: short name (protocol, core, react) -> tarball path.
 */
export async function packPackages(): Promise<Record<string, string>> {
  const stamps = join(repoRoot, 'node_modules', '.cache', 'portico-package-builds')
  mkdirSync(stamps, { recursive: true })
  let inputs = ''
  for (const name of PACKAGES) {
    inputs = buildInputs(name, inputs)
    const stamp = join(stamps, name)
    const built = existsSync(join(repoRoot, 'packages', name, 'dist'))
    if (built && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) continue
    await run('npm', ['run', 'build', '-w', `packages/${name}`], repoRoot, process.env)
    writeFileSync(stamp, inputs)
  }
  rmSync(packsDir, { recursive: true, force: true })
  mkdirSync(packsDir, { recursive: true })
  const workspaces = PACKAGES.flatMap((name) => ['-w', `packages/${name}`])
  await run('npm', ['pack', ...workspaces, '--pack-destination', packsDir], repoRoot)
  // One name whatever the version or content, the path the examples' locks name (packSpec).
  const tarballs: Record<string, string> = {}
  for (const file of readdirSync(packsDir)) {
    const name = /^portico-(\w+)-/.exec(file)?.[1]
    if (!name) continue
    const named = join(packsDir, `portico-${name}.tgz`)
    renameSync(join(packsDir, file), named)
    tarballs[name] = named
  }
  return tarballs
}

/**
 * Copies the example outside the repository and installs exactly its committed lock with our
 * tarballs (`npm ci`; when only the tarballs changed, just those). With
 * PORTICO_EXAMPLES_REFRESH_LOCKS=1 it first rewrites the lock from the registry's newest
 * versions within the example's ranges, into the repository.
 */
export async function installExample(
  name: ExampleName,
  tarballs: Record<string, string>,
): Promise<string> {
  const source = join(repoRoot, 'examples', name)
  const work = join(workRoot, name)
  // What the last run installed and cached stays; the app's own files are copied afresh, so a
  // file deleted from the example is gone here too.
  const kept = new Set(['node_modules', '.next'])
  mkdirSync(work, { recursive: true })
  for (const entry of readdirSync(work)) {
    if (!kept.has(entry)) rmSync(join(work, entry), { recursive: true, force: true })
  }
  // committedLock writes it, as npm ci will read it.
  const skipped = /\/(node_modules|dist|\.next)(\/|$)|\/package-lock\.json$/
  cpSync(source, work, { recursive: true, filter: (path) => !skipped.test(path) })
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies?: Record<string, string>
  }
  // Sorted, so the text (and the install's stamp) does not depend on the order packs were read.
  for (const short of Object.keys(tarballs).sort()) {
    manifest.dependencies[`@portico/${short}`] = packSpec(short)
  }
  const text = `${JSON.stringify(manifest, null, 2)}\n`
  writeFileSync(join(work, 'package.json'), text)

  const npm = (args: string[]) => run('npm', args, work)
  const lock = await committedLock(name, work, manifest, npm)
  await installLocked(name, work, text + lock, tarballs, npm)
  return work
}

export interface ExampleServer {
  url: string
  stop(): void
}

/** Builds the example for this server, then serves the build on `port`. */
export async function buildAndServe(
  name: ExampleName,
  work: string,
  server: { apiUrl: string; projectId: string },
  port: number,
): Promise<ExampleServer> {
  const bin = (tool: string) => join(work, 'node_modules', '.bin', tool)
  const env = cleanEnv({
    VITE_PORTICO_API_URL: server.apiUrl,
    VITE_PORTICO_PROJECT_ID: server.projectId,
    NEXT_PUBLIC_PORTICO_API_URL: server.apiUrl,
    NEXT_PUBLIC_PORTICO_PROJECT_ID: server.projectId,
  })
  let child: ChildProcess
  if (name === 'vite') {
    await run(bin('vite'), ['build'], work, env)
    child = spawn(bin('vite'), ['preview', '--host', '127.0.0.1', '--port', String(port)], {
      cwd: work,
      env,
      stdio: 'ignore',
    })
  } else {
    await run(bin('next'), ['build'], work, env)
    child = spawn(bin('next'), ['start', '--hostname', '127.0.0.1', '--port', String(port)], {
      cwd: work,
      env,
      stdio: 'ignore',
    })
  }
  const url = `http://localhost:${port}`
  const stop = () => {
    child.kill()
  }
  try {
    await waitForPage(`http://127.0.0.1:${port}/`)
  } catch (error) {
    stop()
    throw error
  }
  return { url, stop }
}

async function waitForPage(url: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within 60 s`)
}

/**
 * Gzipped bytes (level 9, as bench/size.ts) of the JavaScript a Vite build's index.html loads
 * before any click: its entry script and the chunks it preloads.
 */
export function initialScriptBytes(distDir: string): number {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(distDir, file ?? '')), { level: 9 }).length,
    0,
  )
}
