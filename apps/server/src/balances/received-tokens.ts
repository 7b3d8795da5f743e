// ERC-20 contracts an address has received, from the indexer's tables (indexer/, migration
// `create_indexer_tables`) when they exist. The balance answer checks these beside the
// configured token list; without the tables the list alone is used, and a failing lookup is
// logged and skipped, so balances never depend on the indexer.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { Address } from 'viem'
import type { Queryable } from '../db/database'
import { RECEIVED_TOKENS_MAX, RECEIVED_TOKENS_SCAN_TRANSACTIONS } from './balance-constants'

export interface ReceivedTokenFinder {
  /**
   * At most RECEIVED_TOKENS_MAX token contracts `owner` received on `chainId` within its latest
   * RECEIVED_TOKENS_SCAN_TRANSACTIONS transactions.
   */
  find(chainId: CaipNetworkId, owner: Address): Promise<Address[]>
}

/** token_transfers.kind of an ERC-20 transfer. */
const ERC20_TRANSFER = 1

// The owner's latest RECEIVED_TOKENS_SCAN_TRANSACTIONS transactions, newest first along
// account_transactions' key (address, chain_id, block_number, tx_index), then their transfers
// by a prefix of token_transfers' key: bounded however long the owner's history is.
const RECEIVED_TOKENS_SQL = `
  SELECT DISTINCT encode(t.token, 'hex') AS token
    FROM (SELECT chain_id, block_number, tx_index FROM account_transactions
           WHERE address = decode($1, 'hex') AND chain_id = $2
           ORDER BY block_number DESC, tx_index DESC
           LIMIT $4) a
    JOIN token_transfers t
      ON t.chain_id = a.chain_id AND t.block_number = a.block_number AND t.tx_index = a.tx_index
   WHERE t.kind = ${ERC20_TRANSFER} AND t.to_address = decode($1, 'hex') AND t.token IS NOT NULL
   LIMIT $3`

export class IndexedReceivedTokens implements ReceivedTokenFinder {
  /** Whether the indexer's tables exist; asked once (migrations run before the server starts). */
  #indexed: Promise<boolean> | undefined

  constructor(readonly db: Queryable) {}

  async find(chainId: CaipNetworkId, owner: Address): Promise<Address[]> {
    const [namespace, reference] = chainId.split(':')
    if (namespace !== 'eip155' || !reference) return []
    if (!(await this.#tablesExist())) return []
    const { rows } = await this.db.query<{ token: string }>(RECEIVED_TOKENS_SQL, [
      owner.slice(2).toLowerCase(),
      reference,
      RECEIVED_TOKENS_MAX,
      RECEIVED_TOKENS_SCAN_TRANSACTIONS,
    ])
    return rows.map((row) => `0x${row.token}` as Address)
  }

  #tablesExist(): Promise<boolean> {
    this.#indexed ??= this.db
      .query<{ found: boolean }>(
        `SELECT to_regclass('token_transfers') IS NOT NULL
            AND to_regclass('account_transactions') IS NOT NULL AS found`,
      )
      .then(({ rows }) => rows[0]?.found === true)
      .catch(() => {
        this.#indexed = undefined
        return false
      })
    return this.#indexed
  }
}
