// The one query behind a history page: a keyset scan of account_transactions (no OFFSET: a
// deep page costs what the first one does), then primary-key lookups of the page's
// transactions and of their transfers that involve the account. Metadata is not joined (it
// comes from a cache), which keeps the statement cheap to plan.
//
// PGlite plans a statement again on every call, and planning is about 40 % of a page there;
// PGlite is one session, so each statement shape is prepared once (SQL PREPARE) and later
// pages EXECUTE it. PostgreSQL plans fast, and its pool has many sessions: plain parameters.
import { createHash } from 'node:crypto'
import type { Database } from '../db/database'
import type { HistoryPosition } from './history-cursor'

/** Transfers listed per item; an airdrop to thousands is cut here. */
export const HISTORY_TRANSFERS_PER_ITEM_MAX = 50

/** A transaction of the page with one of its transfers (kind null: none involves the account). */
export interface HistoryRow {
  chainId: number
  blockNumber: number
  txIndex: number
  /** Seconds since the epoch. */
  minedAt: number
  txHash: string
  sentFrom: string
  sentTo: string
  status: number
  kind: number | null
  token: string | null
  tokenId: string | null
  from: string | null
  to: string | null
  amount: string | null
}

/** The columns of a row in the page's JSON, in HistoryRow's order. */
type HistoryTuple = [
  number,
  number,
  number,
  number,
  string,
  string,
  string,
  number,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
]

function toRow(tuple: HistoryTuple): HistoryRow {
  const [chainId, blockNumber, txIndex, minedAt, txHash, sentFrom, sentTo, status] = tuple
  const [, , , , , , , , kind, token, tokenId, from, to, amount] = tuple
  return {
    chainId,
    blockNumber,
    txIndex,
    minedAt,
    txHash,
    sentFrom,
    sentTo,
    status,
    kind,
    token,
    tokenId,
    from,
    to,
    amount,
  }
}

export interface HistoryQueryInput {
  /** Lowercase 0x-hex. */
  address: string
  /** EVM chain ids to read (at least one). */
  chainIds: readonly number[]
  /** One chain's history, in block order; otherwise all chains', by time first. */
  chainFilter: number | undefined
  after: HistoryPosition | undefined
  /** Transactions to read (a page and one more). */
  limit: number
}

interface Statement {
  sql: string
  /** PostgreSQL types of $1, $2... */
  types: string[]
  args: (string | number)[]
}

function pageQuery(input: HistoryQueryInput): Statement & { order: string } {
  const args: (string | number)[] = [input.address.slice(2), input.limit]
  const types = ['text', 'int4']
  const after = input.after
  if (input.chainFilter !== undefined) {
    args.push(input.chainFilter)
    types.push('int8')
    let keyset = ''
    if (after) {
      args.push(after.blockNumber, after.txIndex)
      types.push('int8', 'int4')
      keyset = 'AND (block_number, tx_index) < ($4, $5)'
    }
    return {
      sql: `SELECT chain_id, block_number, tx_index, mined_at FROM account_transactions
            WHERE address = decode($1, 'hex') AND chain_id = $3 ${keyset}
            ORDER BY block_number DESC, tx_index DESC LIMIT $2`,
      types,
      args,
      order: 'p.block_number DESC, p.tx_index DESC',
    }
  }
  // Chain ids come from the configuration: integers, written as literals.
  const chains = input.chainIds.map((id) => String(Math.trunc(id))).join(', ')
  let keyset = ''
  if (after) {
    args.push(after.minedAt, after.chainId, after.blockNumber, after.txIndex)
    types.push('float8', 'int8', 'int8', 'int4')
    keyset = 'AND (mined_at, chain_id, block_number, tx_index) < (to_timestamp($3), $4, $5, $6)'
  }
  return {
    sql: `SELECT chain_id, block_number, tx_index, mined_at FROM account_transactions
          WHERE address = decode($1, 'hex') AND chain_id IN (${chains}) ${keyset}
          ORDER BY mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC LIMIT $2`,
    types,
    args,
    order: 'p.mined_at DESC, p.chain_id DESC, p.block_number DESC, p.tx_index DESC',
  }
}

function historyStatement(input: HistoryQueryInput): Statement {
  const page = pageQuery(input)
  const hex = (column: string) => `'0x' || encode(${column}, 'hex')`
  // One JSON value for the whole page: drivers decode one field instead of hundreds.
  const sql = `
    WITH page AS MATERIALIZED (${page.sql})
    SELECT coalesce(json_agg(json_build_array(
             p.chain_id, p.block_number, p.tx_index, extract(epoch FROM p.mined_at)::int8,
             ${hex('t.tx_hash')}, ${hex('t.from_address')}, ${hex('t.to_address')}, t.status,
             x.kind, ${hex('x.token')}, x.token_id::text, ${hex('x.from_address')},
             ${hex('x.to_address')}, x.amount::text
           ) ORDER BY ${page.order}, x.log_index, x.batch_index), '[]') AS page
    FROM page p
    JOIN chain_transactions t
      ON t.chain_id = p.chain_id AND t.block_number = p.block_number AND t.tx_index = p.tx_index
    LEFT JOIN LATERAL (
      SELECT kind, token, token_id, from_address, to_address, amount, log_index, batch_index
      FROM token_transfers
      WHERE chain_id = p.chain_id AND block_number = p.block_number AND tx_index = p.tx_index
        AND (from_address = decode($1, 'hex') OR to_address = decode($1, 'hex'))
      ORDER BY log_index, batch_index
      LIMIT ${HISTORY_TRANSFERS_PER_ITEM_MAX}
    ) x ON true`
  return { sql, types: page.types, args: page.args }
}

/** An EXECUTE argument: only hex digits and safe integers ever get here. */
function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('not a safe integer')
    return String(value)
  }
  if (!/^[0-9a-f]*$/.test(value)) throw new RangeError('not hex digits')
  return `'${value}'`
}

type PageAnswer = { page: HistoryTuple[] }

export class HistoryQueries {
  /** Statement text -> its prepared name (PGlite). */
  readonly #prepared = new Map<string, string>()

  constructor(readonly db: Database) {}

  async read(input: HistoryQueryInput): Promise<HistoryRow[]> {
    const statement = historyStatement(input)
    let answer: PageAnswer | undefined
    if (this.db.kind !== 'pglite') {
      answer = (await this.db.query<PageAnswer>(statement.sql, statement.args)).rows[0]
    } else {
      const name = await this.#prepare(statement)
      const args = statement.args.map(literal).join(', ')
      answer = (await this.db.query<PageAnswer>(`EXECUTE ${name} (${args})`)).rows[0]
    }
    return (answer?.page ?? []).map(toRow)
  }

  async #prepare(statement: Statement): Promise<string> {
    const known = this.#prepared.get(statement.sql)
    if (known) return known
    const digest = createHash('sha1').update(statement.sql).digest('hex').slice(0, 16)
    const name = `portico_history_${digest}`
    try {
      await this.db.exec(`PREPARE ${name} (${statement.types.join(', ')}) AS ${statement.sql}`)
    } catch (error) {
      // 42P05: prepared on this session already (by an earlier instance).
      if ((error as { code?: string }).code !== '42P05') throw error
    }
    this.#prepared.set(statement.sql, name)
    return name
  }
}
