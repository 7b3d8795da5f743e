// Compiles our Solidity sources (packages/devnet/contracts) with the npm solc (wasm) and keeps
// the output in node_modules/.cache/portico-devnet/<hash>.json. Loading and running solc costs
// about 2 s; a cache hit is a file read, so solc is only imported on a miss.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

export const PORTICO_CONTRACT_NAMES = [
  'PorticoUSD',
  'PorticoToken',
  'PorticoExplorers',
  'FreeClaimRewards',
  'PorticoBadges',
  'IdRegistry',
] as const

export type PorticoContractName = (typeof PORTICO_CONTRACT_NAMES)[number]

export interface CompiledContract {
  abi: Abi
  bytecode: Hex
}

export type CompiledContracts = Record<PorticoContractName, CompiledContract>

export interface CompileOptions {
  /** Where compiled outputs are kept; defaults to node_modules/.cache/portico-devnet. */
  cacheDir?: string
}

export interface CompileResult {
  contracts: CompiledContracts
  fromCache: boolean
  cacheFile: string
}

const require = createRequire(import.meta.url)
const contractsDir = fileURLToPath(new URL('../contracts/', import.meta.url))

// Part of the cache key: a change here must not reuse outputs built with other settings.
const solcSettings = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun runs on anvil and on every chain the modal targets; newer defaults may not.
  evmVersion: 'cancun',
  outputSelection: {
    '*': { '*': ['abi', 'evm.bytecode.object'] },
  },
} as const

function packageVersion(name: string): string {
  const manifest: { version: string } = require(`${name}/package.json`)
  return manifest.version
}

/** The node_modules folder our dependencies resolve from (the workspace root's here). */
function defaultCacheDir(): string {
  const solcManifest = require.resolve('solc/package.json')
  return join(dirname(dirname(solcManifest)), '.cache', 'portico-devnet')
}

async function readSources(): Promise<Record<string, string>> {
  const files = (await readdir(contractsDir)).filter((file) => file.endsWith('.sol')).sort()
  const sources: Record<string, string> = {}
  for (const file of files) sources[file] = await readFile(join(contractsDir, file), 'utf8')
  return sources
}

function cacheKey(sources: Record<string, string>): string {
  const hash = createHash('sha256')
  hash.update(`solc ${packageVersion('solc')}\n`)
  hash.update(`@openzeppelin/contracts ${packageVersion('@openzeppelin/contracts')}\n`)
  hash.update(`${JSON.stringify(solcSettings)}\n`)
  for (const [file, content] of Object.entries(sources)) hash.update(`${file}\n${content}\n`)
  return hash.digest('hex').slice(0, 32)
}

function isCompiledContracts(value: unknown): value is CompiledContracts {
  if (typeof value !== 'object' || value === null) return false
  return PORTICO_CONTRACT_NAMES.every((name) => {
    const contract: unknown = Reflect.get(value, name)
    if (typeof contract !== 'object' || contract === null) return false
    const bytecode: unknown = Reflect.get(contract, 'bytecode')
    return (
      Array.isArray(Reflect.get(contract, 'abi')) &&
      typeof bytecode === 'string' &&
      bytecode.startsWith('0x')
    )
  })
}

async function readCache(cacheFile: string): Promise<CompiledContracts | undefined> {
  try {
    const cached: unknown = JSON.parse(await readFile(cacheFile, 'utf8'))
    return isCompiledContracts(cached) ? cached : undefined
  } catch {
    // Missing or half-written (another process died mid-write): compile again.
    return undefined
  }
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

interface Solc {
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string
}

/** Resolves `@openzeppelin/...` imports from node_modules, the way Hardhat and Foundry remap them. */
function readImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

async function runSolc(sources: Record<string, string>): Promise<CompiledContracts> {
  const solc: Solc = (await import('solc')).default
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.entries(sources).map(([file, content]) => [file, { content }]),
    ),
    settings: solcSettings,
  }
  const output: SolcOutput = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport }))
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `solc failed to compile the devnet contracts:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    )
  }
  const compiled: Partial<CompiledContracts> = {}
  for (const name of PORTICO_CONTRACT_NAMES) {
    const contract = output.contracts?.[`${name}.sol`]?.[name]
    if (!contract) throw new Error(`solc produced no output for ${name} (expected in ${name}.sol)`)
    compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  if (!isCompiledContracts(compiled)) throw new Error('solc output is missing a contract')
  return compiled
}

export async function compileContracts(options: CompileOptions = {}): Promise<CompileResult> {
  const cacheDir = options.cacheDir ?? defaultCacheDir()
  const sources = await readSources()
  const cacheFile = join(cacheDir, `${cacheKey(sources)}.json`)

  const cached = await readCache(cacheFile)
  if (cached) return { contracts: cached, fromCache: true, cacheFile }

  const contracts = await runSolc(sources)
  await mkdir(cacheDir, { recursive: true })
  // Write then rename, so a parallel start never reads a half-written file.
  const partial = `${cacheFile}.${process.pid}.tmp`
  await writeFile(partial, JSON.stringify(contracts))
  await rename(partial, cacheFile)
  return { contracts, fromCache: false, cacheFile }
}
