// Starts one anvil per chain, deploys the devnet contracts on each and (by default) seeds them.
// Chains are prepared in parallel; compilation (or the cache read) overlaps anvil's start-up.
import { DEV_ACCOUNTS, type DevAccount } from './accounts'
import { type Anvil, startAnvil } from './anvil'
import { createChainClock, historyGenesisTimestamp } from './chain-clock'
import { compileContracts } from './compile'
import { DEFAULT_DEVNET_CHAINS, type DevnetChainOptions, devnetChainName } from './constants'
import { type DeployInputs, deployContracts } from './deploy'
import type { DevnetDeployment } from './deployment'
import { seedDevnet } from './seed'
import { createTransactionSender } from './transaction-sender'
import { loadUniswapArtifacts } from './uniswap-artifacts'

export interface StartDevnetOptions {
  /** Defaults to Ethereum (1) on port 8545 and Base (8453) on port 8546. */
  chains?: DevnetChainOptions[]
  /**
   * true (default): liquidity, balances, NFTs and history (seed-plan.ts).
   * false: the contracts are deployed at the same addresses, nothing else.
   */
  seed?: boolean
  /** Interface anvil listens on; 127.0.0.1 unless given. */
  host?: string
}

export interface DevnetChain {
  chainId: number
  name: string
  rpcUrl: string
  port: number
  deployment: DevnetDeployment
}

export interface Devnet {
  chains: DevnetChain[]
  /** Dev accounts 0-9 of the test mnemonic; 9 deployed and owns the contracts. */
  accounts: DevAccount[]
  /** Whether seed-plan.ts was carried out (pools, balances, NFTs, history). */
  seeded: boolean
  /** Stops every anvil; safe to call more than once. */
  stop(): Promise<void>
}

function checkChainOptions(chains: readonly DevnetChainOptions[]): void {
  if (chains.length === 0) throw new Error('startDevnet needs at least one chain')
  const seen = new Set<number>()
  for (const { chainId, port } of chains) {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new Error(`invalid devnet chain id: ${chainId}`)
    }
    if (seen.has(chainId)) throw new Error(`chain ${chainId} is listed twice`)
    seen.add(chainId)
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
      throw new Error(`invalid port for chain ${chainId}: ${port}`)
    }
  }
}

async function prepareChain(
  anvil: Anvil,
  inputs: Promise<DeployInputs>,
  seed: boolean,
): Promise<DevnetChain> {
  const sender = createTransactionSender(anvil.rpcUrl, anvil.chainId)
  const clock = createChainClock(anvil.rpcUrl)
  await clock.spaceSeededBlocks()
  const deployment = await deployContracts(sender, await inputs)
  if (seed) await seedDevnet(sender, deployment)
  else await sender.confirm()
  await clock.resumeWallClock()
  return {
    chainId: anvil.chainId,
    name: devnetChainName(anvil.chainId),
    rpcUrl: anvil.rpcUrl,
    port: anvil.port,
    deployment,
  }
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const chainOptions = options.chains ?? DEFAULT_DEVNET_CHAINS
  checkChainOptions(chainOptions)
  const seed = options.seed ?? true

  const inputs = Promise.all([compileContracts(), loadUniswapArtifacts()]).then(
    ([{ contracts }, uniswap]): DeployInputs => ({ compiled: contracts, uniswap }),
  )
  // Keeps an early compile failure from surfacing as an unhandled rejection while anvils start.
  inputs.catch(() => {})

  // One genesis time for all chains, so their seeded histories carry the same dates.
  const genesis = ['--timestamp', String(historyGenesisTimestamp())]
  const started = await Promise.allSettled(
    chainOptions.map(({ chainId, port }) =>
      startAnvil({ chainId, port, host: options.host, args: genesis }),
    ),
  )
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  }

  try {
    const failedStart = started.find((result) => result.status === 'rejected')
    if (failedStart) throw failedStart.reason
    const prepared = await Promise.allSettled(
      anvils.map((anvil) => prepareChain(anvil, inputs, seed)),
    )
    const chains: DevnetChain[] = []
    for (const result of prepared) {
      if (result.status === 'rejected') throw result.reason
      chains.push(result.value)
    }
    return { chains, accounts: [...DEV_ACCOUNTS], seeded: seed, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
