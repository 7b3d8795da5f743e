// An address's balances on one chain, as the balance route answers them: the native coin and
// every ERC-20 it holds among the chain's token list and the tokens the indexer saw it receive,
// with USD prices and values. One JSON-RPC batch reads every balance (no multicall contract).
// A solana chain is read by solana-portfolio.ts (SOL and the listed SPL tokens).
//
// Cached (docs/product.md#constants: portfolio, native balance 30 s; the answer has both, so it is
// kept for the shorter of the two) in the shared cache, so every server instance answers from
// the same entry. An entry carries the time it was read; freshness is judged on the server's
// clock, so tests move time by hand and Redis-held entries follow the same rule. forceUpdate
// reads the chain again and replaces the entry. Concurrent misses for one address share one read.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import type { FastifyBaseLogger } from 'fastify'
import { type Address, getAddress } from 'viem'
import type { Cache, Clock } from '../cache/cache'
import type { ChainUpstream } from '../chains/chain-upstream'
import { sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { CACHE_TTL_NATIVE_BALANCE_MS, CACHE_TTL_PORTFOLIO_MS } from '../constants'
import { UpstreamError } from '../errors'
import type { PriceBook } from '../prices/price-book'
import { type AssetKey, assetKeyOf } from '../prices/price-source'
import {
  balanceOfCall,
  decodeQuantity,
  decodeUint256,
  nativeBalanceCall,
} from '../tokens/evm-calls'
import { NATIVE_TOKEN_ADDRESS, nativeCurrencyOf } from '../tokens/native-currency'
import type { TokenMetadataReader } from '../tokens/token-metadata'
import type { ReceivedTokenFinder } from './received-tokens'
import { readSolanaBalances } from './solana-portfolio'
import type { SolanaTokensConfig } from './solana-tokens-config'
import { type AddressedTokenBalance, tokenBalance } from './token-balance'
import type { TokenListsConfig } from './token-lists-config'

export const PORTFOLIO_CACHE_TTL_MS = Math.min(CACHE_TTL_PORTFOLIO_MS, CACHE_TTL_NATIVE_BALANCE_MS)

interface CachedPortfolio {
  /** When the chain was read, on the server's clock. */
  readAt: number
  /** iconUrl holds the path; the route puts the origin in front. */
  balances: AddressedTokenBalance[]
}

export interface PortfolioDeps {
  cache: Cache
  upstream: UpstreamClient
  prices: PriceBook
  metadata: TokenMetadataReader
  tokenLists: TokenListsConfig
  /** Solana chains: SOL's price and the SPL tokens shown. */
  solanaTokens: SolanaTokensConfig
  receivedTokens: ReceivedTokenFinder
  clock: Clock
}

export interface ReadOptions {
  /** Read the chain even if a fresh entry is cached. */
  forceUpdate?: boolean
  log?: FastifyBaseLogger
}

interface Holding {
  token: Address
  amount: bigint
}

/** EVM addresses are case-insensitive; base58 (Solana) ones are not. */
function cacheKey(chainId: CaipNetworkId, owner: string): string {
  const key = chainId.startsWith('eip155:') ? owner.toLowerCase() : owner
  return `portfolio:v1:${chainId}:${key}`
}

/** The native coin first, then by value (unpriced last), then by symbol. */
function byPortfolioOrder(a: AddressedTokenBalance, b: AddressedTokenBalance): number {
  const isNative = (entry: AddressedTokenBalance) =>
    entry.address.endsWith(`:${NATIVE_TOKEN_ADDRESS}`) ||
    entry.address.endsWith(`:${SOLANA_NATIVE_TOKEN_ADDRESS}`)
  if (isNative(a) !== isNative(b)) return isNative(a) ? -1 : 1
  return (b.value ?? -1) - (a.value ?? -1) || a.symbol.localeCompare(b.symbol)
}

export class PortfolioReader {
  readonly #reading = new Map<string, Promise<AddressedTokenBalance[]>>()

  constructor(readonly deps: PortfolioDeps) {}

  /** `owner`: 0x and 40 hex digits on eip155, base58 on solana (the route has checked which). */
  async read(
    chain: ChainUpstream,
    owner: string,
    options: ReadOptions = {},
  ): Promise<AddressedTokenBalance[]> {
    const key = cacheKey(chain.caipNetworkId, owner)
    if (options.forceUpdate) return this.#readAndStore(key, chain, owner, options)
    const cached = await this.deps.cache.get<CachedPortfolio>(key)
    if (cached && this.deps.clock() - cached.readAt < PORTFOLIO_CACHE_TTL_MS) return cached.balances
    const pending = this.#reading.get(key)
    if (pending) return pending
    const reading = this.#readAndStore(key, chain, owner, options).finally(() => {
      this.#reading.delete(key)
    })
    this.#reading.set(key, reading)
    return reading
  }

  async #readAndStore(
    key: string,
    chain: ChainUpstream,
    owner: string,
    options: ReadOptions,
  ): Promise<AddressedTokenBalance[]> {
    const readAt = this.deps.clock()
    const { balances, complete } = await this.#readChain(chain, owner, options)
    // An answer missing its prices (the price source failed) is given but not kept, nor is one
    // older than what a read begun later (a forceUpdate) has kept meanwhile.
    if (!complete) return balances
    const kept = await this.deps.cache.get<CachedPortfolio>(key)
    if (kept && kept.readAt > readAt) return balances
    await this.deps.cache.set<CachedPortfolio>(key, { readAt, balances }, PORTFOLIO_CACHE_TTL_MS)
    return balances
  }

  async #readChain(chain: ChainUpstream, owner: string, options: ReadOptions) {
    const chainId = chain.caipNetworkId
    if (chainId.startsWith('solana:')) {
      // Prices come from the configuration with the token list: always complete.
      const balances = await readSolanaBalances(
        this.deps.upstream,
        this.deps.solanaTokens,
        chain,
        owner,
      )
      return { balances: balances.sort(byPortfolioOrder), complete: true }
    }
    const { native, holdings } = await this.#readHoldings(chain, owner as Address, options.log)
    const tokens = holdings.map((holding) => holding.token)
    const assets: AssetKey[] = ['native', ...tokens.map(assetKeyOf)]
    let complete = true
    const [metadata, prices] = await Promise.all([
      this.deps.metadata.read(chain, tokens),
      this.deps.prices.usdPrices(chainId, assets).catch((error: unknown) => {
        complete = false
        options.log?.warn({ err: error, chainId }, 'price source failed: balances without prices')
        return new Map<AssetKey, number>()
      }),
    ])
    const balances: AddressedTokenBalance[] = [
      tokenBalance(
        chainId,
        NATIVE_TOKEN_ADDRESS,
        nativeCurrencyOf(chainId),
        native,
        prices.get('native'),
      ),
    ]
    for (const { token, amount } of holdings) {
      const tokenMetadata = metadata.get(token)
      // Not a readable ERC-20, or one with 0 decimals: the spec drops those entries.
      if (!tokenMetadata || tokenMetadata.decimals === 0) continue
      balances.push(
        tokenBalance(chainId, token, tokenMetadata, amount, prices.get(assetKeyOf(token))),
      )
    }
    return { balances: balances.sort(byPortfolioOrder), complete }
  }

  /** The native balance and every listed or received token with a balance above 0. */
  async #readHoldings(chain: ChainUpstream, owner: Address, log: FastifyBaseLogger | undefined) {
    const listed = this.deps.tokenLists[chain.caipNetworkId] ?? []
    const received = await this.deps.receivedTokens
      .find(chain.caipNetworkId, owner)
      .catch((error: unknown): Address[] => {
        log?.warn({ err: error }, 'received-token lookup failed: the token list alone is read')
        return []
      })
    const candidates = new Map<string, Address>()
    for (const token of [...listed, ...received]) {
      candidates.set(token.toLowerCase(), getAddress(token.toLowerCase()))
    }
    const tokens = [...candidates.values()]
    const outcomes = await sendJsonRpcBatch(this.deps.upstream, chain, [
      nativeBalanceCall(owner),
      ...tokens.map((token) => balanceOfCall(token, owner)),
    ])
    const native = decodeQuantity(outcomes[0])
    if (native === undefined) {
      const outcome = outcomes[0]
      throw new UpstreamError(
        outcome && !outcome.ok ? outcome.message : 'eth_getBalance gave no quantity',
      )
    }
    const holdings: Holding[] = []
    tokens.forEach((token, index) => {
      const amount = decodeUint256(outcomes[index + 1])
      if (amount !== undefined && amount > 0n) holdings.push({ token, amount })
    })
    return { native, holdings }
  }
}
