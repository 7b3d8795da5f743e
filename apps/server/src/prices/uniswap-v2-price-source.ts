// Prices from Uniswap V2 pools against a USD coin: what the local chains have (the devnet's
// WETH/USDC and PRTC/USDC pools). A token's price is what selling a small amount of it into
// its pool against the USD coin pays per unit: the pool's mid price less the pool fee (0.3 %),
// so the devnet's 3000-USDC-per-ETH pool prices 1 ETH at about 2991 USD. The native coin is
// priced as its wrapped token; the USD coin is 1. A token without a pool, or with an empty
// one, has no price.
//
// Reads: the pair of each token (factory.getPair, kept in process: a pair never moves) and the
// decimals (token metadata, cached) in one batch, then every pair's reserves in a second one;
// once pairs and decimals are known a price costs one batch.
import { type Address, encodeFunctionData, formatUnits, parseAbi, zeroAddress } from 'viem'
import type { Clock } from '../cache/cache'
import { LruMap } from '../cache/lru-map'
import type { ChainUpstream } from '../chains/chain-upstream'
import { sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { CACHE_SIZE } from '../constants'
import { decodeAddress, decodeWords, ethCall } from '../tokens/evm-calls'
import type { TokenMetadataReader } from '../tokens/token-metadata'
import { PRICE_NO_PAIR_RECHECK_MS } from './price-constants'
import { type AssetKey, assetKeyOf, type PriceSource } from './price-source'

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 timestamp)',
])
const GET_RESERVES = encodeFunctionData({ abi: pairAbi, functionName: 'getReserves' })

/** Uniswap V2 takes 0.3 % of every trade: a seller receives 997/1000 of the mid price. */
const FEE_NUMERATOR = 997n
const FEE_DENOMINATOR = 1000n
/** Digits kept when dividing reserves before the result becomes a float. */
const PRICE_DECIMALS = 18
const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS)

export interface UniswapV2Pools {
  factory: Address
  usdCoin: Address
  wrappedNative: Address
}

type TokenKey = Lowercase<Address>

/** USD per whole token from a pool's reserves, or undefined for an empty pool. */
export function poolPrice(input: {
  tokenReserve: bigint
  usdReserve: bigint
  tokenDecimals: number
  usdDecimals: number
}): number | undefined {
  const { tokenReserve, usdReserve, tokenDecimals, usdDecimals } = input
  if (tokenReserve <= 0n || usdReserve <= 0n) return undefined
  const scaled =
    (usdReserve * 10n ** BigInt(tokenDecimals) * FEE_NUMERATOR * PRICE_SCALE) /
    (tokenReserve * 10n ** BigInt(usdDecimals) * FEE_DENOMINATOR)
  // Through decimal text: the nearest float, where dividing two floats could be off by one bit.
  return Number(formatUnits(scaled, PRICE_DECIMALS))
}

export class UniswapV2PriceSource implements PriceSource {
  /** Token -> its pair against the USD coin; null (for a while) when the factory has none. */
  readonly #pairs: LruMap<Address | null>
  readonly #usdCoin: TokenKey
  readonly #wrappedNative: TokenKey

  constructor(
    readonly chain: ChainUpstream,
    readonly pools: UniswapV2Pools,
    readonly upstream: UpstreamClient,
    readonly metadata: TokenMetadataReader,
    clock?: Clock,
  ) {
    this.#pairs = new LruMap(CACHE_SIZE, clock)
    this.#usdCoin = assetKeyOf(pools.usdCoin) as TokenKey
    this.#wrappedNative = assetKeyOf(pools.wrappedNative) as TokenKey
  }

  async usdPrices(assets: readonly AssetKey[]): Promise<Map<AssetKey, number>> {
    const tokenOf = (asset: AssetKey): TokenKey =>
      asset === 'native' ? this.#wrappedNative : asset
    const tokens = [...new Set(assets.map(tokenOf))].filter((token) => token !== this.#usdCoin)
    const tokenPrices = new Map<TokenKey, number>([[this.#usdCoin, 1]])
    if (tokens.length > 0) {
      for (const [token, price] of await this.#poolPrices(tokens)) tokenPrices.set(token, price)
    }
    const prices = new Map<AssetKey, number>()
    for (const asset of assets) {
      const price = tokenPrices.get(tokenOf(asset))
      if (price !== undefined) prices.set(asset, price)
    }
    return prices
  }

  async #poolPrices(tokens: readonly TokenKey[]): Promise<Map<TokenKey, number>> {
    const [pairs, decimals] = await Promise.all([
      this.#pairsOf(tokens),
      this.metadata.read(this.chain, [this.#usdCoin, ...tokens]),
    ])
    const usdDecimals = decimals.get(this.#usdCoin)?.decimals
    const priced = tokens.flatMap((token) => {
      const pair = pairs.get(token)
      const tokenDecimals = decimals.get(token)?.decimals
      return pair && tokenDecimals !== undefined ? [{ token, pair, tokenDecimals }] : []
    })
    const prices = new Map<TokenKey, number>()
    if (usdDecimals === undefined || priced.length === 0) return prices

    const reserves = await sendJsonRpcBatch(
      this.upstream,
      this.chain,
      priced.map(({ pair }) => ethCall(pair, GET_RESERVES)),
    )
    priced.forEach(({ token, tokenDecimals }, index) => {
      const words = decodeWords(reserves[index], 2)
      if (!words) return
      const [reserve0 = 0n, reserve1 = 0n] = words
      // The pair orders its tokens by address: token0 is the lower one.
      const tokenIsToken0 = token < this.#usdCoin
      const price = poolPrice({
        tokenReserve: tokenIsToken0 ? reserve0 : reserve1,
        usdReserve: tokenIsToken0 ? reserve1 : reserve0,
        tokenDecimals,
        usdDecimals,
      })
      if (price !== undefined) prices.set(token, price)
    })
    return prices
  }

  async #pairsOf(tokens: readonly TokenKey[]): Promise<Map<TokenKey, Address | null>> {
    const pairs = new Map<TokenKey, Address | null>()
    const unknown: TokenKey[] = []
    for (const token of tokens) {
      const pair = this.#pairs.get(token)
      if (pair === undefined) unknown.push(token)
      else pairs.set(token, pair)
    }
    if (unknown.length === 0) return pairs
    const answers = await sendJsonRpcBatch(
      this.upstream,
      this.chain,
      unknown.map((token) =>
        ethCall(
          this.pools.factory,
          encodeFunctionData({
            abi: factoryAbi,
            functionName: 'getPair',
            args: [token, this.#usdCoin],
          }),
        ),
      ),
    )
    unknown.forEach((token, index) => {
      const outcome = answers[index]
      // A failed call says nothing about the pair: ask again next time.
      if (!outcome?.ok) return
      const pair = decodeAddress(outcome)
      const found = pair && pair !== zeroAddress ? pair : null
      this.#pairs.set(token, found, found ? Number.POSITIVE_INFINITY : PRICE_NO_PAIR_RECHECK_MS)
      pairs.set(token, found)
    })
    return pairs
  }
}
