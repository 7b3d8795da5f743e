// Token and NFT metadata for history pages: read from the indexer's tables (where the indexer
// put it, read once from the chain) and kept in process. It never changes once stored, so an
// entry lives until the LRU drops it; a token not stored yet is asked again after a minute.
import { LruMap } from '../cache/lru-map'
import type { Queryable } from '../db/database'

export interface TokenInfo {
  name: string | null
  symbol: string | null
  decimals: number | null
}

export interface NftInfoRow {
  name: string | null
  imageUrl: string | null
}

/** Ours: entries kept, and how long a token without stored metadata is remembered as such. */
const METADATA_CACHE_ENTRIES = 50_000
const STORED_TTL_MS = 24 * 3600_000
const MISSING_TTL_MS = 60_000

const tokenKey = (chainId: number, token: string) => `${chainId}:${token}`
const nftKey = (chainId: number, token: string, tokenId: string) => `${chainId}:${token}:${tokenId}`

function groupByChain<T extends { chainId: number }>(items: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const group = groups.get(item.chainId)
    if (group) group.push(item)
    else groups.set(item.chainId, [item])
  }
  return groups
}

export class HistoryMetadata {
  readonly #tokens = new LruMap<TokenInfo | null>(METADATA_CACHE_ENTRIES)
  readonly #nfts = new LruMap<NftInfoRow | null>(METADATA_CACHE_ENTRIES)

  constructor(readonly db: Queryable) {}

  /** Metadata of each `${chainId}:${token}` asked for (absent: none stored). */
  async tokens(wanted: readonly { chainId: number; token: string }[]) {
    const found = new Map<string, TokenInfo>()
    const missing: { chainId: number; token: string }[] = []
    for (const item of wanted) {
      const key = tokenKey(item.chainId, item.token)
      const cached = this.#tokens.get(key)
      if (cached === undefined) missing.push(item)
      else if (cached) found.set(key, cached)
    }
    for (const [chainId, items] of groupByChain(missing)) {
      const { rows } = await this.db.query<TokenInfo & { token: string }>(
        `SELECT '0x' || encode(address, 'hex') AS token, name, symbol, decimals
         FROM token_metadata WHERE chain_id = $1
           AND address IN (SELECT decode(value, 'hex') FROM json_array_elements_text($2::json))`,
        [chainId, JSON.stringify([...new Set(items.map((item) => item.token.slice(2)))])],
      )
      const stored = new Map(rows.map((row) => [row.token, row]))
      for (const { token } of items) {
        const key = tokenKey(chainId, token)
        const row = stored.get(token)
        const info = row ? { name: row.name, symbol: row.symbol, decimals: row.decimals } : null
        this.#tokens.set(key, info, info ? STORED_TTL_MS : MISSING_TTL_MS)
        if (info) found.set(key, info)
      }
    }
    return found
  }

  /** Metadata of each `${chainId}:${token}:${tokenId}` asked for (absent: none stored). */
  async nfts(wanted: readonly { chainId: number; token: string; tokenId: string }[]) {
    const found = new Map<string, NftInfoRow>()
    const missing: { chainId: number; token: string; tokenId: string }[] = []
    for (const item of wanted) {
      const key = nftKey(item.chainId, item.token, item.tokenId)
      const cached = this.#nfts.get(key)
      if (cached === undefined) missing.push(item)
      else if (cached) found.set(key, cached)
    }
    for (const [chainId, items] of groupByChain(missing)) {
      const { rows } = await this.db.query<NftInfoRow & { token: string; token_id: string }>(
        `SELECT '0x' || encode(contract, 'hex') AS token, token_id::text AS token_id, name,
                image_url AS "imageUrl"
         FROM nft_metadata WHERE chain_id = $1 AND (contract, token_id) IN (
           SELECT decode(r.c, 'hex'), r.i::numeric FROM json_to_recordset($2::json) AS r(c text, i text))`,
        [
          chainId,
          JSON.stringify(items.map((item) => ({ c: item.token.slice(2), i: item.tokenId }))),
        ],
      )
      const stored = new Map(rows.map((row) => [`${row.token}:${row.token_id}`, row]))
      for (const { token, tokenId } of items) {
        const key = nftKey(chainId, token, tokenId)
        const row = stored.get(`${token}:${tokenId}`)
        const info = row ? { name: row.name, imageUrl: row.imageUrl } : null
        this.#nfts.set(key, info, info ? STORED_TTL_MS : MISSING_TTL_MS)
        if (info) found.set(key, info)
      }
    }
    return found
  }
}
