// The server README's configuration table is the one list of environment variables: every
// variable the configuration reads is in it, and it names none the code no longer reads.
// Variables are found two ways: the names `loadConfig` asks the environment for (a recording
// environment), and the names the sources spell out (`env.NAME`, `env['NAME']`, 'PORTICO_...'
// handed to a reader), so one read only in a branch the empty environment skips is seen too.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { loadConfig } from './config'

const sourceRoot = fileURLToPath(new URL('.', import.meta.url))
const readme = fileURLToPath(new URL('../README.md', import.meta.url))

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Names the configuration asks for when it loads from an empty environment. */
function namesReadByLoadConfig(): Set<string> {
  const read = new Set<string>()
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name)
      return undefined
    },
    has(_target, name) {
      if (typeof name === 'string') read.add(name)
      return false
    },
  })
  loadConfig(env)
  return read
}

/** Names spelled out in the server's sources (tests and test helpers aside). */
function namesInSources(): Set<string> {
  const names = new Set<string>()
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]*)\b/g,
    /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    /['"`](PORTICO_[A-Z0-9_]+)['"`]/g,
  ]
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8')
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) names.add(match[1] as string)
    }
  }
  return names
}

/** The first column of the table in the README's "## Configuration" section. */
function namesInReadmeTable(): Set<string> {
  const text = readFileSync(readme, 'utf8')
  const from = text.indexOf('\n## Configuration')
  const to = text.indexOf('\n## ', from + 1)
  const section = text.slice(from, to === -1 ? undefined : to)
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1] as string)
  return new Set(names)
}

it('lists every environment variable the server reads in the README table, and no other', () => {
  const read = new Set([...namesReadByLoadConfig(), ...namesInSources()])
  const listed = namesInReadmeTable()
  expect(read.size).toBeGreaterThan(20)
  expect(
    [...read].filter((name) => !listed.has(name)).sort(),
    'read but not in the README',
  ).toEqual([])
  expect(
    [...listed].filter((name) => !read.has(name)).sort(),
    'in the README, read nowhere',
  ).toEqual([])
})
