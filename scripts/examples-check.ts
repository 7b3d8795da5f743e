// The packages as a host gets them: builds @portico/protocol, /core and /react, packs them
// (`npm pack`), installs the tarballs into examples/vite and examples/next copied outside the
// repository (so nothing resolves through the workspace's node_modules), with every other
// package exactly as each example's package-lock.json has it (scripts/examples-lock.ts),
// builds and serves both. examples/playwright.config.ts drives them; `npm test` runs that.
import { type ChildProcess, spawn } from 'node:child_process'
import {
  cpSync,
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
import { buildPackages, holdLockFile, PACKAGES, runCollecting } from './build-packages.mjs'
import { committedLock, installLocked, packSpec } from './examples-lock'
import { repoRoot } from './stack'

export type ExampleName = 'vite' | 'next'

/**
 * Outside the repository, and kept between runs (of any checkout on this machine): an
 * example's node_modules is installed again only when its lock or a tarball changed (from
 * npm's cache), and Next.js keeps its build cache. `holdWorkRoot` lets one check at a time in.
 */
export const workRoot = join(tmpdir(), 'portico-examples')
const packsDir = join(workRoot, 'packs')

/** Waits until no other check uses the work folder, then holds it until the returned call. */
export async function holdWorkRoot(): Promise<() => void> {
  mkdirSync(workRoot, { recursive: true })
  return holdLockFile(join(workRoot, 'lock'), 15 * 60_000)
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
  return runCollecting(command, args, cwd, env)
}

/**
 * Builds the three packages where their sources changed (scripts/build-packages.mjs) and packs
 * them: short name (protocol, core, react) -> tarball path.
 */
export async function packPackages(): Promise<Record<string, string>> {
  await buildPackages()
  rmSync(packsDir, { recursive: true, force: true })
  mkdirSync(packsDir, { recursive: true })
  const workspaces = PACKAGES.flatMap((name) => ['-w', `packages/${name}`])
  // Built just now: their prepack (the same build) is skipped.
  await run(
    'npm',
    ['pack', ...workspaces, '--ignore-scripts', '--pack-destination', packsDir],
    repoRoot,
  )
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
