// Reads the `solanaTokens` configuration (PORTICO_SOLANA_TOKENS, JSON, or the start script's
// overrides): a solana chain (CAIP-2) -> SOL's USD price and the SPL tokens its balance answers
// show, each with its name, symbol and USD price. Solana has no Uniswap V2 pools to price from,
// so prices here are a fixed table (a remote price service would replace it). Token accounts of
// mints not listed are left out of answers: anyone can mint a token and send it (spam).
//   {"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": {"nativePrice": 150,
//     "tokens": [{"mint": "EPjF...", "symbol": "USDC", "name": "USD Coin", "price": 1}]}}
// Throws RangeError with a message fit for people; config.ts turns it into a ConfigError.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { solanaAddressProblem } from '@portico/protocol/solana-address'
import { parseChainId } from '../chains/chain-id'

export interface SolanaListedToken {
  mint: string
  symbol: string
  name: string
  /** USD per whole token; absent: unpriced. */
  price?: number
}

export interface SolanaChainTokens {
  /** USD per SOL; absent: unpriced. */
  nativePrice?: number
  tokens: SolanaListedToken[]
}

export type SolanaTokensConfig = Partial<Record<CaipNetworkId, SolanaChainTokens>>

const MAX_TOKENS_PER_CHAIN = 100

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function price(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${where} must be a number >= 0`)
  }
  return value
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 64) {
    throw new RangeError(`${where} must be a non-empty string of at most 64 characters`)
  }
  return value
}

function readToken(value: unknown, where: string): SolanaListedToken {
  if (!isRecord(value))
    throw new RangeError(`${where} must be an object with mint, symbol and name`)
  const mint = text(value.mint, `${where}.mint`)
  const problem = solanaAddressProblem(mint)
  if (problem) throw new RangeError(`${where}.mint: ${problem}`)
  const tokenPrice = price(value.price, `${where}.price`)
  return {
    mint,
    symbol: text(value.symbol, `${where}.symbol`),
    name: text(value.name, `${where}.name`),
    ...(tokenPrice === undefined ? {} : { price: tokenPrice }),
  }
}

/** Accepts an object, or JSON text of one (an environment variable); undefined is none. */
export function readSolanaTokens(input: unknown): SolanaTokensConfig {
  if (input === undefined || (typeof input === 'string' && input.trim() === '')) return {}
  let parsed = input
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input)
    } catch {
      throw new RangeError(
        'PORTICO_SOLANA_TOKENS must be JSON: {"solana:<ref>": {"tokens": [...]}}',
      )
    }
  }
  if (!isRecord(parsed)) throw new RangeError('solanaTokens must be an object of chains')
  const config: SolanaTokensConfig = {}
  for (const [chainId, value] of Object.entries(parsed)) {
    const where = `solanaTokens[${JSON.stringify(chainId)}]`
    let chain: CaipNetworkId
    try {
      chain = parseChainId(chainId)
    } catch {
      throw new RangeError(`${where}: not a CAIP-2 chain id`)
    }
    if (!chain.startsWith('solana:')) throw new RangeError(`${where}: not a solana chain`)
    if (!isRecord(value)) throw new RangeError(`${where} must be an object with "tokens"`)
    const tokens = value.tokens ?? []
    if (!Array.isArray(tokens) || tokens.length > MAX_TOKENS_PER_CHAIN) {
      throw new RangeError(`${where}.tokens must be an array of at most ${MAX_TOKENS_PER_CHAIN}`)
    }
    const nativePrice = price(value.nativePrice, `${where}.nativePrice`)
    config[chain] = {
      ...(nativePrice === undefined ? {} : { nativePrice }),
      tokens: tokens.map((token, index) => readToken(token, `${where}.tokens[${index}]`)),
    }
  }
  return config
}
