// Prices from a fixed table in the configuration, for deployments that take prices from
// elsewhere (a table refreshed by a deploy, or a stand-in until a remote source is wired up).
import { type AssetKey, assetKeyOf, type PriceSource } from './price-source'

export class StaticPriceSource implements PriceSource {
  readonly #prices: ReadonlyMap<AssetKey, number>

  /** `prices`: `native` or a token address (any case) -> USD per whole unit. */
  constructor(prices: Readonly<Record<string, number>>) {
    this.#prices = new Map(
      Object.entries(prices).map(([asset, price]) => [
        asset === 'native' ? 'native' : assetKeyOf(asset as `0x${string}`),
        price,
      ]),
    )
  }

  async usdPrices(assets: readonly AssetKey[]): Promise<Map<AssetKey, number>> {
    const found = new Map<AssetKey, number>()
    for (const asset of assets) {
      const price = this.#prices.get(asset)
      if (price !== undefined) found.set(asset, price)
    }
    return found
  }
}
