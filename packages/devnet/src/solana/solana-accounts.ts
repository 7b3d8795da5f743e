// The local Solana chain's dev accounts and tokens. Accounts are the anvil test mnemonic's
// Solana keys (m/44'/501'/n'/0', what Phantom and Solflare derive for account n), so one
// mnemonic imports the EVM and the Solana dev accounts alike. The mints' addresses are keys of
// the same mnemonic further along (accounts 100 and 101), fixed on every run.
import type { Address } from '@solana/kit'
import { DEVNET_MNEMONIC } from '../accounts'
import { mnemonicSeed, type SolanaKey, solanaKeyAt } from './solana-keys'

export const SOLANA_DEV_ACCOUNT_COUNT = 10
/** Mint authority of the dev tokens, like the EVM deployer (account 9). */
export const SOLANA_MINT_AUTHORITY_INDEX = 9
/** Each dev account's SOL. */
export const SOLANA_DEV_LAMPORTS = 1_000n * 1_000_000_000n
export const SOL_DECIMALS = 9
/**
 * USD per SOL on the local chain. Solana has no Uniswap V2 pools to price from, so the server
 * is given fixed prices (its solanaTokens table): these, alike on every run.
 */
export const SOL_DEV_USD_PRICE = 150

export interface SolanaDevToken {
  symbol: string
  name: string
  decimals: number
  mint: Address
  /** What accounts 0-4 hold, in base units. */
  perAccount: bigint
  /** USD per whole token, as the server is configured with it (the EVM devnet's pool prices). */
  usdPrice: number
}

export interface SolanaDevAccounts {
  accounts: SolanaKey[]
  usdc: SolanaDevToken
  token: SolanaDevToken
}

let cached: SolanaDevAccounts | undefined

/** Derived once per process (one PBKDF2 and a few HMACs: a few ms). */
export function solanaDevAccounts(): SolanaDevAccounts {
  if (cached) return cached
  const seed = mnemonicSeed(DEVNET_MNEMONIC)
  const accounts = Array.from({ length: SOLANA_DEV_ACCOUNT_COUNT }, (_, index) =>
    solanaKeyAt(seed, index),
  )
  cached = {
    accounts,
    usdc: {
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      mint: solanaKeyAt(seed, 100).address,
      perAccount: 10_000n * 10n ** 6n,
      usdPrice: 1,
    },
    token: {
      symbol: 'PRTC',
      name: 'Portico Token',
      decimals: 9,
      mint: solanaKeyAt(seed, 101).address,
      perAccount: 1_000n * 10n ** 9n,
      usdPrice: 0.25,
    },
  }
  return cached
}
