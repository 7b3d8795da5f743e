// The devnet's contracts by name: what a deployment yields, shared by the fixed addresses, the
// gas limits and the deployer without tying those modules to one another.
import type { Address } from 'viem'

export interface DevnetDeployment {
  weth: Address
  uniswapV2Factory: Address
  uniswapV2Router: Address
  /** 'USD Coin' (USDC), 6 decimals. */
  usdc: Address
  /** 'Portico Token' (PRTC), 18 decimals. */
  token: Address
  /** 'Portico Explorers' (PEXP), ERC-721. */
  nft: Address
  /** 'Free Claim Rewards' (CLAIM), ERC-721 that the devnet's data marks as spam. */
  spamNft: Address
  /** 'Portico Badges', ERC-1155. */
  badges: Address
  /** Farcaster's IdRegistry (its read interface): fids and their custody addresses. */
  idRegistry: Address
}

export type DevnetContractName = keyof DevnetDeployment
