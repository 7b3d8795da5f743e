// Test code stays out of the product, and the packages' tests go through the kit or the packages'
// entries. This reads the sources of every package and app and names each file that breaks one of
// three rules:
// - a production file imports vitest or this kit;
// - a production file is used by tests only (a test helper sitting in a feature folder);
// - a test of core or react imports a file of another workspace by path (the server's test
//   folder, another package's inner files) instead of the kit or a package entry.
// Production means: under packages/*/src or apps/*/src, not a *.test.ts(x), not in a `test/`
// folder, not the server's `testing*.ts` entries (what tests outside the server start it with),
// and not this kit.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const REPOSITORY = join(import.meta.dirname, '..', '..', '..')
const KIT = join(REPOSITORY, 'packages', 'test-kit')

/**
 * Known breaks, each with the change that ends it. send-flow.test.ts and the adapters' tests
 * belong to the chain adapters' restructuring, which moves their imports to the kit.
 */
const PENDING: Record<string, string> = {
  'packages/core/src/actions/held-wallet.ts':
    're-exports the kit for send-flow.test.ts until that test imports the kit',
  'packages/core/src/adapters/evm/wagmi-config-multicall.test.ts':
    'starts the server from apps/server/src/test until the adapters move to the kit',
}

function sourceRoots(): string[] {
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(REPOSITORY, group))
      .map((name) => join(REPOSITORY, group, name, 'src'))
      .filter((root) => existsSync(root)),
  )
}

function sourcesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) =>
        /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') && !name.includes('node_modules'),
    )
    .map((name) => join(root, name))
}

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path)
const isTestCode = (path: string) =>
  isTestFile(path) ||
  path.startsWith(KIT + sep) ||
  path.split(sep).includes('test') ||
  /[\\/]src[\\/]testing[-\w]*\.ts$/.test(path)

/** The module specifiers a file imports or re-exports, static or dynamic. */
function specifiers(text: string): string[] {
  const found: string[] = []
  const pattern =
    /(?:^|[\s;])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2]
    if (specifier) found.push(specifier)
  }
  return found
}

/** The source files `@portico/<name>[/<path>]` stands for, from the workspaces' exports. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>()
  for (const root of sourceRoots()) {
    const folder = dirname(root)
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      name: string
      exports?: Record<string, unknown>
    }
    for (const [key, value] of Object.entries(manifest.exports ?? {})) {
      if (typeof value === 'string' && value.startsWith('./src/')) {
        entries.set(join(manifest.name, key), join(folder, value))
      }
    }
  }
  // Resolved through tsconfig.json's paths: the exports of these name their build.
  entries.set('@portico/core', join(REPOSITORY, 'packages', 'core', 'src', 'index.ts'))
  entries.set('@portico/react', join(REPOSITORY, 'packages', 'react', 'src', 'index.ts'))
  return entries
}
const entries = workspaceEntries()

/** Where a specifier lands in the workspaces, as the bundler resolves it; undefined outside. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const entry = entries.get(specifier)
  if (entry) return entry
  const protocol = /^@portico\/protocol\/(.+)$/.exec(specifier)?.[1]
  const base = protocol
    ? join(REPOSITORY, 'packages', 'protocol', 'src', protocol)
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : undefined
  if (!base) return undefined
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]
  return candidates.find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate))
}

/** The package or app folder holding a source file (packages/core, apps/server, ...). */
const workspaceOf = (path: string) => relative(REPOSITORY, path).split(sep).slice(0, 2).join('/')

const files = sourceRoots().flatMap(sourcesUnder)
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')] as const))
const imports = new Map(files.map((file) => [file, specifiers(texts.get(file) ?? '')] as const))
/** A command run on its own (a CLI, a generator) that its test imports: not a helper. */
const isCommand = (file: string) => (texts.get(file) ?? '').includes('process.argv')
/** A package's entry: what other workspaces import, whoever that is. */
const isEntry = (file: string) => [...entries.values()].includes(file)
const shown = (path: string) => relative(REPOSITORY, path).split(sep).join('/')
const notPending = (path: string) => !(shown(path) in PENDING)

describe('test code and the product', () => {
  it('finds the sources it reads', () => {
    expect(files.length).toBeGreaterThan(500)
    expect(files.filter(isTestFile).length).toBeGreaterThan(200)
  })

  it('has no production file importing vitest or the test kit', () => {
    const offenders = files
      .filter((file) => !isTestCode(file) && notPending(file))
      .filter((file) =>
        (imports.get(file) ?? []).some(
          (specifier) =>
            specifier === 'vitest' ||
            specifier.startsWith('vitest/') ||
            specifier.startsWith('@vitest/') ||
            specifier.startsWith('@portico/test-kit'),
        ),
      )
      .map(shown)
    expect(offenders).toEqual([])
  })

  it('keeps no test-only module in a production folder', () => {
    const importers = new Map<string, string[]>()
    for (const [file, specifierList] of imports) {
      for (const specifier of specifierList) {
        const target = resolveSpecifier(file, specifier)
        if (target) importers.set(target, [...(importers.get(target) ?? []), file])
      }
    }
    const offenders = files
      .filter((file) => !isTestCode(file) && !isCommand(file) && !isEntry(file) && notPending(file))
      .filter((file) => {
        const users = importers.get(file) ?? []
        return users.length > 0 && users.every(isTestCode)
      })
      .map(shown)
    expect(offenders).toEqual([])
  })

  it("has core's and react's tests reach other workspaces only through the kit or entries", () => {
    const testsOf = (name: string) =>
      files.filter(
        (file) =>
          file.startsWith(join(REPOSITORY, 'packages', name, 'src') + sep) && isTestCode(file),
      )
    const offenders = [...testsOf('core'), ...testsOf('react')].filter(notPending).flatMap((file) =>
      (imports.get(file) ?? [])
        .filter((specifier) => {
          if (!specifier.startsWith('.')) return false
          const target = resolveSpecifier(file, specifier)
          return target !== undefined && workspaceOf(target) !== workspaceOf(file)
        })
        .map((specifier) => `${shown(file)} imports ${specifier}`),
    )
    expect(offenders).toEqual([])
  })

  it('names pending breaks that are still there', () => {
    // A pending entry whose file is gone or clean is stale: drop it from PENDING.
    for (const path of Object.keys(PENDING)) {
      expect(existsSync(join(REPOSITORY, path)), path).toBe(true)
    }
  })
})
