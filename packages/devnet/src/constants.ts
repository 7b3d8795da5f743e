// The devnet's fixed numbers: which chains start by default, what they are called, how seeded
// history is dated, and the gas limit each kind of seeding transaction is sent with.
import type { DevnetContractName } from './deployment'

export interface DevnetChainOptions {
  chainId: number
  /** 0 picks a free port. */
  port?: number
}

/** Ethereum and Base on the ports wallets and tools expect a local node on. */
export const DEFAULT_DEVNET_CHAINS = [
  { chainId: 1, port: 8545 },
  { chainId: 8453, port: 8546 },
] as const satisfies readonly DevnetChainOptions[]

export const DEVNET_CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: 'Ethereum',
  8453: 'Base',
}

export function devnetChainName(chainId: number): string {
  return DEVNET_CHAIN_NAMES[chainId] ?? `Devnet ${chainId}`
}

/** Seeded history starts this long before the devnet starts (see chain-clock.ts). */
export const SEEDED_HISTORY_SECONDS = 2 * 24 * 60 * 60
/** Seconds between seeded blocks: the ~46 seeded blocks span about two days. */
export const SEEDED_BLOCK_INTERVAL_SECONDS = 60 * 60

/**
 * Sent as fixed limits instead of estimates, so seeding needs no round trip per estimate.
 * Each is the measured gas use plus headroom; an out-of-gas revert fails the seed loudly.
 */
export const GAS_LIMITS = {
  deploy: {
    weth: 1_000_000n,
    uniswapV2Factory: 4_000_000n,
    uniswapV2Router: 6_000_000n,
    usdc: 1_200_000n,
    token: 1_200_000n,
    nft: 2_500_000n,
    spamNft: 2_500_000n,
    badges: 2_500_000n,
    idRegistry: 1_000_000n,
  } satisfies Record<DevnetContractName, bigint>,
  mintErc20: 150_000n,
  approve: 100_000n,
  /** Includes creating the pair (a contract deployment) on first liquidity. */
  addLiquidity: 4_000_000n,
  /** Per token; an airdrop multiplies it by the number of recipients. */
  mintNft: 150_000n,
  sendEth: 21_000n,
  transferErc20: 100_000n,
  transferNft: 100_000n,
  swap: 250_000n,
  /** One fid: three storage slots and two events. */
  registerFid: 200_000n,
} as const
