// Quotes from a chain's Uniswap V2 pools: the direct pool between two tokens and every route
// through one connector token (the wrapped coin, and the configured ones), priced exactly as the
// router will (uniswap-v2-amounts.ts), the best paying route kept.
//
// Reads: each pool's address from the factory (kept in process: a pair never moves; a missing
// one is asked again after a minute), then the reserves of every candidate pool in one JSON-RPC
// batch per quote. Reserves are never kept: a quote states what the chain holds when it is
// asked, and a swap built from an older reading would set its minimum on a price that may be
// gone. Quotes asked while a reading that covers their pools is under way share it instead: it
// is at most one round trip older than a reading of their own, never a block behind what the
// chain held when it was sent, and it turns a burst of quotes into one upstream call. To make
// that likely, a reading also takes the pools other quotes used lately.
import { type Address, encodeFunctionData, parseAbi, zeroAddress } from 'viem'
import type { Clock } from '../cache/cache'
import { LruMap } from '../cache/lru-map'
import type { ChainUpstream } from '../chains/chain-upstream'
import { sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { CACHE_SIZE } from '../constants'
import { PRICE_NO_PAIR_RECHECK_MS } from '../prices/price-constants'
import { decodeAddress, decodeWords, ethCall } from '../tokens/evm-calls'
import type { ConvertChainConfig, SwapAsset } from './convert-config'
import { NoSwapRouteError, SwapAmountUnusableError } from './convert-errors'
import { getAmountsOut, type HopReserves, priceImpactPercent } from './uniswap-v2-amounts'

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const GET_RESERVES = encodeFunctionData({
  abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
  functionName: 'getReserves',
})

export interface SwapQuote {
  /** The tokens the router walks, the wrapped coin standing for ETH. */
  path: Address[]
  /** The amount after each hop; the first is what is paid, the last what is received. */
  amounts: bigint[]
  priceImpact: number
}

interface Reserves {
  reserve0: bigint
  reserve1: bigint
}

interface Reading {
  pairs: ReadonlySet<Address>
  reserves: Promise<Map<Address, Reserves>>
}

/** Ours: pools a reading takes beyond its own quote's (each one eth_call in the batch). */
const RECENT_POOLS = 16

const lower = (address: Address) => address.toLowerCase()

export class UniswapV2Quoter {
  /** `chain:tokenA:tokenB` (sorted) -> the pair, null when the factory has none. */
  readonly #pairs: LruMap<Address | null>
  /** Reserve readings under way, by chain: a later quote whose pools one covers shares it. */
  readonly #reading = new Map<string, Set<Reading>>()
  /** By chain, the pools quotes used lately, read along with any reading (bounded). */
  readonly #recent = new Map<string, Set<Address>>()

  constructor(
    readonly upstream: UpstreamClient,
    clock?: Clock,
  ) {
    this.#pairs = new LruMap(CACHE_SIZE, clock)
  }

  /** The token the router sees for an asset. */
  static routerToken(config: ConvertChainConfig, asset: SwapAsset): Address {
    return asset === 'native' ? config.wrappedNative : asset
  }

  /** Throws NoSwapRouteError when no route has pools, SwapAmountUnusableError when none pays. */
  async quote(
    chain: ChainUpstream,
    config: ConvertChainConfig,
    from: SwapAsset,
    to: SwapAsset,
    amountIn: bigint,
  ): Promise<SwapQuote> {
    const tokenIn = UniswapV2Quoter.routerToken(config, from)
    const tokenOut = UniswapV2Quoter.routerToken(config, to)
    const candidates: Address[][] = [[tokenIn, tokenOut]]
    for (const connector of config.connectors) {
      if (connector !== tokenIn && connector !== tokenOut) {
        candidates.push([tokenIn, connector, tokenOut])
      }
    }
    const hopKeys = candidates.flatMap((path) => hopsOf(path))
    const pairs = await this.#pairsOf(chain, config.factory, hopKeys)
    const routes = candidates.filter((path) =>
      hopsOf(path).every(([a, b]) => pairs.get(pairKey(a, b))),
    )
    if (routes.length === 0) throw new NoSwapRouteError()

    const needed = [
      ...new Set(routes.flatMap((path) => hopsOf(path).map(([a, b]) => pairs.get(pairKey(a, b))))),
    ].filter((pair): pair is Address => Boolean(pair))
    const reserves = await this.#reservesOf(chain, needed)

    let best: SwapQuote | undefined
    for (const path of routes) {
      const hops: HopReserves[] = []
      for (const [a, b] of hopsOf(path)) {
        const pair = pairs.get(pairKey(a, b)) as Address
        const pool = reserves.get(pair)
        if (!pool) break
        // The pair orders its tokens by address: token0 is the lower one.
        const aIsToken0 = lower(a) < lower(b)
        hops.push({
          reserveIn: aIsToken0 ? pool.reserve0 : pool.reserve1,
          reserveOut: aIsToken0 ? pool.reserve1 : pool.reserve0,
        })
      }
      if (hops.length !== path.length - 1) continue
      const amounts = getAmountsOut(amountIn, hops)
      const out = amounts?.at(-1)
      // A route whose output is 0 would fail in the pair (INSUFFICIENT_OUTPUT_AMOUNT).
      if (!amounts || out === undefined || out === 0n) continue
      if (best === undefined || out > (best.amounts.at(-1) as bigint)) {
        best = { path, amounts, priceImpact: priceImpactPercent(amountIn, out, hops) }
      }
    }
    if (!best) throw new SwapAmountUnusableError()
    return best
  }

  async #pairsOf(
    chain: ChainUpstream,
    factory: Address,
    hops: readonly [Address, Address][],
  ): Promise<Map<string, Address | null>> {
    const found = new Map<string, Address | null>()
    const unknown: [Address, Address][] = []
    for (const [a, b] of hops) {
      const key = pairKey(a, b)
      if (found.has(key)) continue
      const pair = this.#pairs.get(`${chain.caipNetworkId}:${factory}:${key}`)
      if (pair === undefined) {
        unknown.push([a, b])
        found.set(key, null)
      } else found.set(key, pair)
    }
    if (unknown.length === 0) return found
    const answers = await sendJsonRpcBatch(
      this.upstream,
      chain,
      unknown.map(([a, b]) =>
        ethCall(
          factory,
          encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [a, b] }),
        ),
      ),
    )
    unknown.forEach(([a, b], index) => {
      const outcome = answers[index]
      // A failed call says nothing about the pair: ask again next time.
      if (!outcome?.ok) return
      const pair = decodeAddress(outcome)
      const value = pair && pair !== zeroAddress ? pair : null
      const key = pairKey(a, b)
      this.#pairs.set(
        `${chain.caipNetworkId}:${factory}:${key}`,
        value,
        value ? Number.POSITIVE_INFINITY : PRICE_NO_PAIR_RECHECK_MS,
      )
      found.set(key, value)
    })
    return found
  }

  #reservesOf(chain: ChainUpstream, pairs: readonly Address[]): Promise<Map<Address, Reserves>> {
    const id = chain.caipNetworkId
    const readings = this.#reading.get(id) ?? new Set<Reading>()
    this.#reading.set(id, readings)
    for (const reading of readings) {
      if (pairs.every((pair) => reading.pairs.has(pair))) return reading.reserves
    }
    // A new reading takes the pools other quotes used lately too, so that the quotes arriving
    // while it is under way (a burst of keystrokes, other pairs) find theirs in it.
    const recent = this.#recent.get(id) ?? new Set<Address>()
    this.#recent.set(id, recent)
    for (const pair of pairs) {
      recent.delete(pair)
      recent.add(pair)
    }
    while (recent.size > RECENT_POOLS) recent.delete(recent.values().next().value as Address)
    const all = new Set([...pairs, ...recent])
    const reading: Reading = {
      pairs: all,
      reserves: this.#readReserves(chain, [...all]).finally(() => readings.delete(reading)),
    }
    readings.add(reading)
    return reading.reserves
  }

  async #readReserves(
    chain: ChainUpstream,
    pairs: readonly Address[],
  ): Promise<Map<Address, Reserves>> {
    const answers = await sendJsonRpcBatch(
      this.upstream,
      chain,
      pairs.map((pair) => ethCall(pair, GET_RESERVES)),
    )
    const reserves = new Map<Address, Reserves>()
    pairs.forEach((pair, index) => {
      const [reserve0, reserve1] = decodeWords(answers[index], 2) ?? []
      if (reserve0 !== undefined && reserve1 !== undefined) {
        reserves.set(pair, { reserve0, reserve1 })
      }
    })
    return reserves
  }
}

function pairKey(a: Address, b: Address): string {
  const [x, y] = [lower(a), lower(b)].sort()
  return `${x}:${y}`
}

function hopsOf(path: readonly Address[]): [Address, Address][] {
  return path.slice(1).map((to, index) => [path[index] as Address, to])
}
