// The NFTs an account holds on one chain, from the indexer's tables: an ERC-721 token is held
// when the last transfer of it that involves the account went to the account; an ERC-1155
// balance is what the account received less what it sent. Only the account's own
// transactions are read (account_transactions' primary key), never the whole transfer table.
// Spam collections are left out in the query, so pages stay full.
import type { Queryable } from '../db/database'
import type { NftPosition } from './nfts-cursor'

export interface HeldNftRow {
  contract: string
  tokenId: string
  /** 2 ERC-721, 3 ERC-1155 (token_transfers.kind). */
  kind: number
  amount: string
  name: string | null
  imageUrl: string | null
  collectionName: string | null
  collectionSymbol: string | null
}

export interface HeldNftQuery {
  /** Lowercase 0x-hex. */
  address: string
  chainId: number
  /** Lowercase 0x-hex contracts to leave out. */
  excluded: readonly string[]
  after: NftPosition | undefined
  /** Rows to read (a page and one more). */
  limit: number
}

const SQL = `
  WITH mine AS (
    SELECT x.kind, x.token, x.token_id, x.from_address, x.to_address, x.amount,
           x.block_number, x.tx_index, x.log_index, x.batch_index
    FROM account_transactions a
    JOIN token_transfers x
      ON x.chain_id = a.chain_id AND x.block_number = a.block_number AND x.tx_index = a.tx_index
    WHERE a.address = decode($1, 'hex') AND a.chain_id = $2 AND x.kind IN (2, 3)
      AND (x.from_address = decode($1, 'hex') OR x.to_address = decode($1, 'hex'))
      AND x.token NOT IN (SELECT decode(value, 'hex') FROM json_array_elements_text($3::json))
  ),
  last_721 AS (
    SELECT DISTINCT ON (token, token_id) token, token_id, to_address
    FROM mine WHERE kind = 2
    ORDER BY token, token_id, block_number DESC, tx_index DESC, log_index DESC, batch_index DESC
  ),
  held AS (
    SELECT token, token_id, 2 AS kind, 1::numeric AS amount
    FROM last_721 WHERE to_address = decode($1, 'hex')
    UNION ALL
    SELECT token, token_id, 3 AS kind,
           sum(CASE WHEN to_address = decode($1, 'hex') THEN amount ELSE 0 END)
         - sum(CASE WHEN from_address = decode($1, 'hex') THEN amount ELSE 0 END) AS amount
    FROM mine WHERE kind = 3
    GROUP BY token, token_id
  )
  SELECT '0x' || encode(h.token, 'hex') AS contract, h.token_id::text AS "tokenId", h.kind,
         h.amount::text AS amount, m.name, m.image_url AS "imageUrl",
         t.name AS "collectionName", t.symbol AS "collectionSymbol"
  FROM held h
  LEFT JOIN nft_metadata m
    ON m.chain_id = $2 AND m.contract = h.token AND m.token_id = h.token_id
  LEFT JOIN token_metadata t ON t.chain_id = $2 AND t.address = h.token
  WHERE h.amount > 0
    AND ($4::text IS NULL OR (h.token, h.token_id) > (decode($4, 'hex'), $5::numeric))
  ORDER BY h.token, h.token_id
  LIMIT $6`

export async function readHeldNfts(db: Queryable, query: HeldNftQuery): Promise<HeldNftRow[]> {
  const { rows } = await db.query<HeldNftRow>(SQL, [
    query.address.slice(2),
    query.chainId,
    JSON.stringify(query.excluded.map((contract) => contract.slice(2))),
    query.after ? query.after.contract.slice(2) : null,
    query.after ? query.after.tokenId : null,
    query.limit,
  ])
  return rows.map((row) => ({ ...row, kind: Number(row.kind) }))
}
