// Token names, symbols and decimals, and NFT names and images, read once from the chain when
// the indexer first meets a token (or an NFT) and stored in the same transaction as the batch
// that met it. A call that reverts or answers garbage stores nulls: it is not asked again.
import { type Address, decodeAbiParameters, type Hex } from 'viem'
import { LruMap } from '../cache/lru-map'
import type { JsonRpcOutcome } from '../chains/json-rpc-batch'
import type { JsonRpcClient } from '../chains/json-rpc-client'
import type { Database } from '../db/database'
import { decodeDecimals, decodeText, erc20Call, ethCall } from '../tokens/evm-calls'
import type { TransferRow } from './chain-reader'
import { INDEXER_KNOWN_METADATA_ENTRIES } from './indexer-constants'
import { readNftMetadataUri } from './nft-metadata-uri'

export interface TokenMetadataRow {
  token: string
  name: string | null
  symbol: string | null
  decimals: number | null
}

export interface NftMetadataRow {
  token: string
  tokenId: bigint
  name: string | null
  imageUrl: string | null
}

export interface MetadataRows {
  tokens: TokenMetadataRow[]
  nfts: NftMetadataRow[]
}

/** tokenURI(uint256) (ERC-721) and uri(uint256) (ERC-1155). */
const TOKEN_URI_SELECTOR = '0xc87b56dd'
const URI_SELECTOR = '0x0e89341c'

const FOREVER_MS = 100 * 365 * 24 * 3600 * 1000
const uint256Word = (value: bigint) => value.toString(16).padStart(64, '0')
const nftKey = (token: string, tokenId: bigint) => `${token}:${tokenId}`

function decodeUri(outcome: JsonRpcOutcome | undefined): string | null {
  if (!outcome?.ok || typeof outcome.result !== 'string') return null
  try {
    return decodeAbiParameters([{ type: 'string' }], outcome.result as Hex)[0]
  } catch {
    return null
  }
}

export class TokenMetadataRecorder {
  readonly #known = new LruMap<true>(INDEXER_KNOWN_METADATA_ENTRIES)

  constructor(
    readonly db: Database,
    readonly chainId: number,
    readonly rpc: JsonRpcClient,
  ) {}

  async #stored(tokens: string[], nfts: { token: string; tokenId: bigint }[]) {
    const stored = new Set<string>()
    if (tokens.length > 0) {
      const { rows } = await this.db.query<{ token: string }>(
        `SELECT '0x' || encode(address, 'hex') AS token FROM token_metadata
         WHERE chain_id = $1
           AND address IN (SELECT decode(value, 'hex') FROM json_array_elements_text($2::json))`,
        [this.chainId, JSON.stringify(tokens.map((token) => token.slice(2)))],
      )
      for (const row of rows) stored.add(row.token)
    }
    if (nfts.length > 0) {
      const { rows } = await this.db.query<{ token: string; token_id: string }>(
        `SELECT '0x' || encode(contract, 'hex') AS token, token_id::text FROM nft_metadata
         WHERE chain_id = $1 AND (contract, token_id) IN (
           SELECT decode(r.c, 'hex'), r.i::numeric FROM json_to_recordset($2::json) AS r(c text, i text))`,
        [
          this.chainId,
          JSON.stringify(nfts.map((nft) => ({ c: nft.token.slice(2), i: nft.tokenId.toString() }))),
        ],
      )
      for (const row of rows) stored.add(nftKey(row.token, BigInt(row.token_id)))
    }
    return stored
  }

  /** Metadata of the tokens and NFTs in `transfers` not stored yet, read from the chain. */
  async missing(transfers: readonly TransferRow[]): Promise<MetadataRows> {
    const tokens = new Set<string>()
    const nfts = new Map<string, { token: string; tokenId: bigint; erc1155: boolean }>()
    for (const { token, tokenId, kind } of transfers) {
      if (token === null) continue
      if (!this.#known.get(token)) tokens.add(token)
      if (tokenId === null) continue
      const key = nftKey(token, tokenId)
      if (!this.#known.get(key)) nfts.set(key, { token, tokenId, erc1155: kind === 'erc1155' })
    }
    if (tokens.size === 0 && nfts.size === 0) return { tokens: [], nfts: [] }

    const stored = await this.#stored([...tokens], [...nfts.values()])
    for (const key of stored) this.#known.set(key, true, FOREVER_MS)
    const newTokens = [...tokens].filter((token) => !stored.has(token)) as Address[]
    const newNfts = [...nfts.entries()].filter(([key]) => !stored.has(key)).map(([, nft]) => nft)

    const outcomes = await this.rpc.batchSettled([
      ...newTokens.flatMap((token) => [
        erc20Call(token, 'name'),
        erc20Call(token, 'symbol'),
        erc20Call(token, 'decimals'),
      ]),
      ...newNfts.map((nft) =>
        ethCall(
          nft.token as Address,
          `${nft.erc1155 ? URI_SELECTOR : TOKEN_URI_SELECTOR}${uint256Word(nft.tokenId)}`,
        ),
      ),
    ])
    const tokenRows = newTokens.map((token, index) => ({
      token,
      name: decodeText('name', outcomes[index * 3]) ?? null,
      symbol: decodeText('symbol', outcomes[index * 3 + 1]) ?? null,
      decimals: decodeDecimals(outcomes[index * 3 + 2]) ?? null,
    }))
    const nftRows = newNfts.map((nft, index) => {
      let uri = decodeUri(outcomes[newTokens.length * 3 + index])
      // ERC-1155: the id, as 64 lowercase hex digits, stands for "{id}".
      if (uri && nft.erc1155) uri = uri.replaceAll('{id}', uint256Word(nft.tokenId))
      return { token: nft.token, tokenId: nft.tokenId, ...readNftMetadataUri(uri) }
    })
    return { tokens: tokenRows, nfts: nftRows }
  }

  /** Call once the rows `missing` gave are committed. */
  remember(rows: MetadataRows): void {
    for (const row of rows.tokens) this.#known.set(row.token, true, FOREVER_MS)
    for (const row of rows.nfts) this.#known.set(nftKey(row.token, row.tokenId), true, FOREVER_MS)
  }
}
