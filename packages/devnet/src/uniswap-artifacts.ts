// Reads the published Uniswap V2 builds (and their WETH9) from node_modules. We deploy their
// bytecode unchanged: the router's hard-coded pair init-code hash only matches the published
// pair, so recompiling would break pair address derivation.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Hex } from 'viem'

export interface PublishedArtifact {
  /** The ABI as published; typed `as const` copies live in abis/uniswap-v2.ts. */
  abi: readonly unknown[]
  bytecode: Hex
}

export interface UniswapArtifacts {
  weth9: PublishedArtifact
  factory: PublishedArtifact
  router: PublishedArtifact
  pair: PublishedArtifact
}

const require = createRequire(import.meta.url)

const artifactPaths = {
  weth9: '@uniswap/v2-periphery/build/WETH9.json',
  factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  router: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
} as const

async function readArtifact(path: string): Promise<PublishedArtifact> {
  const json: { abi: unknown[]; bytecode: string } = JSON.parse(
    await readFile(require.resolve(path), 'utf8'),
  )
  // The builds store bytecode without the 0x prefix.
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  return { abi: json.abi, bytecode: bytecode as Hex }
}

let loading: Promise<UniswapArtifacts> | undefined

/** Loaded once a process: both chains of a devnet deploy the same bytes. */
export function loadUniswapArtifacts(): Promise<UniswapArtifacts> {
  loading ??= (async () => {
    const [weth9, factory, router, pair] = await Promise.all([
      readArtifact(artifactPaths.weth9),
      readArtifact(artifactPaths.factory),
      readArtifact(artifactPaths.router),
      readArtifact(artifactPaths.pair),
    ])
    return { weth9, factory, router, pair }
  })()
  return loading
}
