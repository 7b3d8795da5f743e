// What the public images show besides wallets: networks (/public/getAssetImage/{CAIP-2 id}) and
// fiat currencies (/public/getCurrencyImage/{ISO 4217 code}). Tokens are any symbol.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import {
  ARBITRUM,
  AVALANCHE,
  BASE,
  BITCOIN_MAINNET,
  BITCOIN_TESTNET,
  BNB_SMART_CHAIN,
  COSMOS_HUB,
  ETHEREUM,
  OPTIMISM,
  OSMOSIS,
  POLKADOT,
  POLYGON,
  SOLANA_DEVNET,
  SOLANA_MAINNET,
  SOLANA_TESTNET,
} from '../registry/chain-sets'

/** Network -> its name (the spec's names for the spec's networks). */
export const NETWORK_NAMES: ReadonlyMap<CaipNetworkId, string> = new Map([
  [ETHEREUM, 'Ethereum'],
  [OPTIMISM, 'OP Mainnet'],
  [BNB_SMART_CHAIN, 'BNB Smart Chain'],
  [POLYGON, 'Polygon'],
  [BASE, 'Base'],
  [ARBITRUM, 'Arbitrum One'],
  [AVALANCHE, 'Avalanche'],
  [SOLANA_MAINNET, 'Solana'],
  [SOLANA_DEVNET, 'Solana Devnet'],
  [SOLANA_TESTNET, 'Solana Testnet'],
  [BITCOIN_MAINNET, 'Bitcoin'],
  [BITCOIN_TESTNET, 'Bitcoin Testnet'],
  [COSMOS_HUB, 'Cosmos Hub'],
  [OSMOSIS, 'Osmosis'],
  [POLKADOT, 'Polkadot'],
])

/** Network -> the name of its logo in the icon package (logo-sources.ts); test networks show
 * their mainnet's. */
export const NETWORK_LOGO_NAMES: ReadonlyMap<CaipNetworkId, string> = new Map([
  [ETHEREUM, 'ethereum'],
  [OPTIMISM, 'optimism'],
  [BNB_SMART_CHAIN, 'binance-smart-chain'],
  [POLYGON, 'polygon'],
  [BASE, 'base'],
  [ARBITRUM, 'arbitrum-one'],
  [AVALANCHE, 'avalanche'],
  [SOLANA_MAINNET, 'solana'],
  [SOLANA_DEVNET, 'solana'],
  [SOLANA_TESTNET, 'solana'],
  [BITCOIN_MAINNET, 'bitcoin'],
  [BITCOIN_TESTNET, 'bitcoin'],
  [COSMOS_HUB, 'cosmos-hub'],
  [OSMOSIS, 'osmosis'],
  [POLKADOT, 'polkadot'],
])

/** ISO 4217 code -> the sign its image shows. */
export const CURRENCY_SIGNS: ReadonlyMap<string, string> = new Map([
  ['USD', '$'],
  ['EUR', '€'],
  ['GBP', '£'],
  ['JPY', '¥'],
  ['CHF', 'Fr'],
  ['CAD', 'C$'],
  ['AUD', 'A$'],
  ['BRL', 'R$'],
  ['INR', '₹'],
  ['KRW', '₩'],
])

/** A token symbol an image is made for: 1 to 16 letters, digits, '.', '+', '_' or '-'. */
export const TOKEN_SYMBOL = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,15}$/
