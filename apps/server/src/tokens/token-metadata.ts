// Name, symbol and decimals of ERC-20 contracts, read from the chain in one batch and kept in
// the shared cache (they do not change; a contract that is not a token is remembered for a
// shorter time, as one may yet be deployed at that address).
import type { Address } from 'viem'
import type { Cache } from '../cache/cache'
import type { ChainUpstream } from '../chains/chain-upstream'
import { sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { decodeDecimals, decodeText, erc20Call } from './evm-calls'
import { TOKEN_METADATA_CACHE_TTL_MS, TOKEN_METADATA_MISS_CACHE_TTL_MS } from './token-constants'

export interface TokenMetadata {
  name: string
  symbol: string
  decimals: number
}

interface CachedMetadata {
  metadata: TokenMetadata | null
}

function cacheKey(chain: ChainUpstream, token: Address): string {
  return `token-metadata:v1:${chain.caipNetworkId}:${token.toLowerCase()}`
}

export class TokenMetadataReader {
  constructor(
    readonly cache: Cache,
    readonly upstream: UpstreamClient,
  ) {}

  /** Every token of `tokens` as a key; null for an address that does not answer as an ERC-20. */
  async read(
    chain: ChainUpstream,
    tokens: readonly Address[],
  ): Promise<Map<Address, TokenMetadata | null>> {
    const found = new Map<Address, TokenMetadata | null>()
    const cached = await Promise.all(
      tokens.map((token) => this.cache.get<CachedMetadata>(cacheKey(chain, token))),
    )
    const missing: Address[] = []
    tokens.forEach((token, index) => {
      const entry = cached[index]
      if (entry) found.set(token, entry.metadata)
      else missing.push(token)
    })
    if (missing.length === 0) return found

    const outcomes = await sendJsonRpcBatch(
      this.upstream,
      chain,
      missing.flatMap((token) => [
        erc20Call(token, 'name'),
        erc20Call(token, 'symbol'),
        erc20Call(token, 'decimals'),
      ]),
    )
    await Promise.all(
      missing.map((token, index) => {
        const decimals = decodeDecimals(outcomes[3 * index + 2])
        const symbol = decodeText('symbol', outcomes[3 * index + 1])
        const name = decodeText('name', outcomes[3 * index]) ?? symbol
        const metadata =
          decimals === undefined || symbol === undefined || name === undefined
            ? null
            : { name, symbol, decimals }
        found.set(token, metadata)
        return this.cache.set<CachedMetadata>(
          cacheKey(chain, token),
          { metadata },
          metadata ? TOKEN_METADATA_CACHE_TTL_MS : TOKEN_METADATA_MISS_CACHE_TTL_MS,
        )
      }),
    )
    return found
  }
}
