// The seam holds only if nothing but the EVM adapter talks to wagmi: a flow that imports
// @wagmi/core acts on EVM alone, and a second namespace would need its own copy of the flow.
// Walks every module the packages ship (what their entry points import, statically or through
// import()), so test helpers beside the code are not counted: they drive a wallet, as a test may.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const packagesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
  return candidates.find((candidate) => candidate.match(/\.tsx?$/) && existsSync(candidate))
}

/** Every module reachable from the entry, with what each imports from outside the package. */
function shippedModules(entry: string): Map<string, string[]> {
  const modules = new Map<string, string[]>()
  const pending = [entry]
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (modules.has(file)) continue
    const external: string[] = []
    modules.set(file, external)
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? ''
      if (!specifier.startsWith('.')) {
        external.push(specifier)
        continue
      }
      const target = resolveModule(file, specifier)
      if (target) pending.push(target)
    }
  }
  return modules
}

function wagmiImporters(entry: string): string[] {
  return [...shippedModules(entry)]
    .filter(([, external]) => external.some((specifier) => specifier.startsWith('@wagmi/core')))
    .map(([file]) => relative(packagesDir, file))
    .sort()
}

describe('the chain seam', () => {
  it('leaves @wagmi/core to the EVM adapter in every module core ships', () => {
    const importers = wagmiImporters(join(packagesDir, 'core/src/index.ts'))
    // The walk found the adapter itself, so it does follow the imports.
    expect(importers).toContain('core/src/adapters/evm/evm-chain-adapter.ts')
    expect(importers.filter((file) => !file.startsWith('core/src/adapters/evm/'))).toEqual([])
  })

  it('gives @portico/react no @wagmi/core of its own (its hooks are wagmi React hooks)', () => {
    expect(wagmiImporters(join(packagesDir, 'react/src/index.ts'))).toEqual([])
  })
})
