// What a host or a company's lawyer gets from `npm pack` / `npm publish`: every package of the
// repository declares the licence; each publishable one ships it, and its prepack builds the
// dist/ its manifest points at (a checkout that never ran a build packs a working package).
// Each tarball is unpacked into a project beside the workspace's node_modules and every entry
// point imported by Node from there (the example apps install them for real, from the registry).
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGES } from './build-packages.mjs'

const repoRoot = join(import.meta.dirname, '..')

const run = promisify(execFile)

interface Manifest {
  name: string
  private?: boolean
  license?: string
  workspaces?: string[]
  main?: string
  types?: string
  exports?: Record<string, string | Record<string, string>>
  scripts?: Record<string, string>
}

const readManifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest

const rootManifest = readManifest(repoRoot)
const workspaces = (rootManifest.workspaces ?? []).map((dir) => ({
  dir,
  manifest: readManifest(join(repoRoot, dir)),
}))
const publishable = workspaces.filter(({ manifest }) => !manifest.private)
const licenceText = readFileSync(join(repoRoot, 'LICENSE'), 'utf8')

/**
 * Under the workspace's node_modules, so that Node resolves the packages' own dependencies
 * (viem, wagmi, react, ...) from there and our three from the project's node_modules.
 */
const cache = join(repoRoot, 'node_modules', '.cache')
let work = ''
const unpacked: Record<string, string> = {}
let packedFiles: Record<string, string[]> = {}

/** Every file a manifest's exports, main and types name (a `*` taken from the package's src/). */
function entryFiles(dir: string, manifest: Manifest): string[] {
  const targets = Object.values(manifest.exports ?? {}).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  )
  if (manifest.main) targets.push(manifest.main)
  if (manifest.types) targets.push(manifest.types)
  return targets.flatMap((target) => {
    const path = target.replace(/^\.\//, '')
    if (!path.includes('*')) return [path]
    const modules = readdirSync(join(repoRoot, dir, 'src'))
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
    return modules.map((module) => path.replace('*', module))
  })
}

beforeAll(async () => {
  mkdirSync(cache, { recursive: true })
  work = mkdtempSync(join(cache, 'portico-pack-'))
  const packs = join(work, 'packs')
  mkdirSync(packs)
  const { stdout } = await run(
    'npm',
    [
      'pack',
      ...publishable.flatMap(({ dir }) => ['-w', dir]),
      '--json',
      '--pack-destination',
      packs,
    ],
    { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
  )
  const answer = JSON.parse(stdout) as {
    name: string
    filename: string
    files: { path: string }[]
  }[]
  packedFiles = Object.fromEntries(answer.map((pack) => [pack.name, pack.files.map((f) => f.path)]))
  for (const pack of answer) {
    const target = join(work, 'project', 'node_modules', pack.name)
    mkdirSync(target, { recursive: true })
    await run('tar', ['xzf', join(packs, pack.filename), '-C', target, '--strip-components=1'])
    unpacked[pack.name] = target
  }
}, 600_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the licence', () => {
  it('is Apache-2.0 in the root and every package.json', () => {
    expect(licenceText).toContain('Apache License\n                           Version 2.0')
    expect(rootManifest.license).toBe('Apache-2.0')
    for (const { manifest } of workspaces)
      expect([manifest.name, manifest.license]).toEqual([manifest.name, 'Apache-2.0'])
  })

  it('ships inside every publishable package, word for word', () => {
    expect(publishable.map(({ dir }) => dir)).toEqual(PACKAGES.map((name) => `packages/${name}`))
    for (const { manifest } of publishable) {
      expect(packedFiles[manifest.name]).toContain('LICENSE')
      const dir = unpacked[manifest.name] ?? ''
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(licenceText)
      expect(readManifest(dir).license).toBe('Apache-2.0')
    }
  })
})

describe('npm pack', () => {
  it('builds each publishable package before packing it', () => {
    for (const { manifest } of publishable) {
      expect(manifest.scripts?.prepack).toMatch(/scripts\/build-packages\.mjs \w+$/)
    }
  })

  it('puts every entry point its manifest names in the tarball, JavaScript and declarations', () => {
    for (const { dir, manifest } of publishable) {
      const entries = entryFiles(dir, manifest)
      expect(entries.some((file) => file.endsWith('.js'))).toBe(true)
      expect(entries.some((file) => file.endsWith('.d.ts'))).toBe(true)
      expect(entries.filter((file) => !packedFiles[manifest.name]?.includes(file))).toEqual([])
      // Nothing of the sources or tests rides along.
      expect(packedFiles[manifest.name]?.filter((file) => /^src\/|\.test\./.test(file))).toEqual([])
    }
  })

  it('gives packages that Node imports by their names', async () => {
    const specifiers = publishable.flatMap(({ dir, manifest }) =>
      Object.keys(manifest.exports ?? {}).flatMap((key) => {
        if (!key.includes('*')) return [join(manifest.name, key)]
        return entryFiles(dir, { ...manifest, exports: { [key]: '*' } }).map((module) =>
          join(manifest.name, key.replace('*', module)),
        )
      }),
    )
    expect(specifiers).toEqual(expect.arrayContaining(['@portico/core', '@portico/react']))
    const script = `for (const specifier of ${JSON.stringify(specifiers)}) {
      const module = await import(specifier)
      console.log(specifier, Object.keys(module).length)
    }`
    const { stdout } = await run('node', ['--input-type=module', '-e', script], {
      cwd: join(work, 'project'),
    })
    const exported = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ')),
    )
    expect(Object.keys(exported)).toEqual(specifiers)
    expect(Number(exported['@portico/react'])).toBeGreaterThan(5)
    expect(Number(exported['@portico/core'])).toBeGreaterThan(5)
  })
})
