// Every chain's price source, made from the configuration on first use. Callers ask the book;
// a chain without a source prices nothing. Sources made elsewhere (a remote price service) can
// be given as they are and take precedence over the configured ones.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { Clock } from '../cache/cache'
import type { ChainUpstream } from '../chains/chain-upstream'
import type { UpstreamClient } from '../chains/upstream-client'
import type { TokenMetadataReader } from '../tokens/token-metadata'
import type { AssetKey, PriceSource, PriceSourcesConfig } from './price-source'
import { StaticPriceSource } from './static-price-source'
import { UniswapV2PriceSource } from './uniswap-v2-price-source'

export interface PriceBookDeps {
  chains: readonly ChainUpstream[]
  upstream: UpstreamClient
  metadata: TokenMetadataReader
  clock?: Clock
  /** Ready-made sources by chain, used instead of the configured ones. */
  sources?: Partial<Record<CaipNetworkId, PriceSource>>
}

export class PriceBook {
  readonly #made = new Map<CaipNetworkId, PriceSource | undefined>()

  constructor(
    readonly config: PriceSourcesConfig,
    readonly deps: PriceBookDeps,
  ) {}

  sourceFor(chainId: CaipNetworkId): PriceSource | undefined {
    const given = this.deps.sources?.[chainId]
    if (given) return given
    if (!this.#made.has(chainId)) this.#made.set(chainId, this.#make(chainId))
    return this.#made.get(chainId)
  }

  /** USD prices of the assets the chain's source can price; empty without a source. */
  async usdPrices(chainId: CaipNetworkId, assets: readonly AssetKey[]) {
    const source = this.sourceFor(chainId)
    return source ? source.usdPrices(assets) : new Map<AssetKey, number>()
  }

  #make(chainId: CaipNetworkId): PriceSource | undefined {
    const config = this.config[chainId]
    if (!config) return undefined
    if (config.kind === 'static') return new StaticPriceSource(config.prices)
    const chain = this.deps.chains.find((entry) => entry.caipNetworkId === chainId)
    // Pools are read over the chain's RPC: a chain without one has no pool prices.
    if (!chain) return undefined
    return new UniswapV2PriceSource(
      chain,
      config,
      this.deps.upstream,
      this.deps.metadata,
      this.deps.clock,
    )
  }
}
