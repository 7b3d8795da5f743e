// What a seeded devnet holds, as data: seed.ts carries it out, tests and other packages read it
// to know what to expect. Accounts are indexes into DEV_ACCOUNTS.
import { parseEther, parseUnits } from 'viem'

export const USDC_DECIMALS = 6
export const TOKEN_DECIMALS = 18

const usdc = (amount: string) => parseUnits(amount, USDC_DECIMALS)
const prtc = (amount: string) => parseUnits(amount, TOKEN_DECIMALS)

/** Dev accounts 0-4 each receive this much from the token owners' mints. */
export const SEEDED_ERC20 = {
  accounts: [0, 1, 2, 3, 4],
  usdc: usdc('10000'),
  token: prtc('1000'),
} as const

/** Pool depths keep a 1-ETH or 10,000-PRTC trade within ~0.4 % of the quoted price. */
export const SEEDED_POOLS = {
  /** 1 ETH = 3000 USDC. */
  wethUsdc: { eth: parseEther('2000'), usdc: usdc('6000000') },
  /** 1 PRTC = 0.25 USDC. */
  tokenUsdc: { token: prtc('4000000'), usdc: usdc('1000000') },
} as const

export interface SeededBadge {
  account: number
  id: bigint
  amount: bigint
}

export const SEEDED_NFTS = {
  /** Portico Explorers ids start at 1: token id `i + 1` is minted to `explorers[i]`. */
  explorers: [0, 0, 0, 1, 1],
  /** Free Claim Rewards ids start at 1 the same way; airdropped in one transaction. */
  spamAirdrop: [0, 0, 1],
  badges: [
    { account: 0, id: 1n, amount: 1n },
    { account: 0, id: 2n, amount: 5n },
    { account: 1, id: 1n, amount: 1n },
  ] satisfies SeededBadge[],
} as const

export type SeededTransfer =
  | { from: number; to: number; asset: 'eth' | 'usdc' | 'token'; amount: bigint }
  | { from: number; to: number; asset: 'nft'; tokenId: bigint }

/**
 * Sent after the mints, in this order, so every dev account has history. Account 0's token
 * balances stay at the seeded amounts (it moves only ETH and an NFT), which keeps its
 * expected balances simple. Account 9 (the deployer) has its deployments and mints.
 */
export const SEEDED_TRANSFERS: readonly SeededTransfer[] = [
  { from: 0, to: 1, asset: 'eth', amount: parseEther('1') },
  { from: 1, to: 0, asset: 'eth', amount: parseEther('0.25') },
  { from: 0, to: 1, asset: 'nft', tokenId: 3n },
  { from: 1, to: 2, asset: 'usdc', amount: usdc('250') },
  { from: 2, to: 3, asset: 'token', amount: prtc('100') },
  { from: 3, to: 4, asset: 'eth', amount: parseEther('0.5') },
  { from: 4, to: 2, asset: 'usdc', amount: usdc('50') },
  { from: 3, to: 1, asset: 'token', amount: prtc('25') },
  { from: 5, to: 6, asset: 'eth', amount: parseEther('0.1') },
  { from: 6, to: 7, asset: 'eth', amount: parseEther('0.1') },
  { from: 7, to: 8, asset: 'eth', amount: parseEther('0.1') },
  { from: 8, to: 5, asset: 'eth', amount: parseEther('0.1') },
]

/**
 * Farcaster accounts in the devnet's IdRegistry, registered in this order (fids count from 1):
 * dev account 2 holds fid 1 as its custody address. A Farcaster client on the devnet signs in
 * with that key; the server finds the fid's custody through custodyOf/idOf.
 */
export const SEEDED_FIDS: readonly { fid: bigint; custody: number; username: string }[] = [
  { fid: 1n, custody: 2, username: 'portico-dev' },
]

/** Account 2 buys USDC with ETH through the router, so history holds a swap too. */
export const SEEDED_SWAP = { account: 2, eth: parseEther('0.1') } as const

/** What account 0 holds once seeded (it moves no ERC-20 and sends Explorer #3 away). */
export const ACCOUNT_0_HOLDINGS = {
  usdc: SEEDED_ERC20.usdc,
  token: SEEDED_ERC20.token,
  nftIds: [1n, 2n],
  spamNftIds: [1n, 2n],
  badges: [
    { id: 1n, amount: 1n },
    { id: 2n, amount: 5n },
  ],
} as const
