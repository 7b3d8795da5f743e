// Where USD prices come from. One source per chain; a source prices the chain's native coin and
// its ERC-20 tokens, and leaves out what it cannot price (no pool, no quote): no price is an
// answer, not an error. Sources in this folder: Uniswap V2 pools against a USD coin (local
// chains), a fixed table (static); a remote price service would implement the same interface.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { Address } from 'viem'

/** The chain's native coin, or an ERC-20 contract address in lower case. */
export type AssetKey = 'native' | Lowercase<Address>

export interface PriceSource {
  /** USD per whole unit (1 ETH, 1 USDC) of each asset it can price. */
  usdPrices(assets: readonly AssetKey[]): Promise<Map<AssetKey, number>>
}

/** A source's configuration, as ServerConfig.priceSources holds it. */
export type PriceSourceConfig =
  | {
      kind: 'uniswap-v2'
      /** The Uniswap V2 factory whose pairs against `usdCoin` give the prices. */
      factory: Address
      /** The coin taken as 1 USD. */
      usdCoin: Address
      /** The native coin's price is the wrapped coin's (WETH). */
      wrappedNative: Address
    }
  | {
      kind: 'static'
      /** `native` or a token address -> USD per whole unit. */
      prices: Record<string, number>
    }

/** Chain (CAIP-2) -> its price source. */
export type PriceSourcesConfig = Partial<Record<CaipNetworkId, PriceSourceConfig>>

export function assetKeyOf(token: Address | 'native'): AssetKey {
  return token === 'native' ? 'native' : (token.toLowerCase() as Lowercase<Address>)
}
