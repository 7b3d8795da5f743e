// The indexer's writes. Each batch of blocks is stored in one database transaction together
// with the chain's checkpoint, so a process killed at any moment leaves either the whole batch
// and the new checkpoint or neither. The checkpoint is moved compare-and-set: a writer whose
// idea of the checkpoint is stale (another server took over the chain) fails with
// CheckpointMovedError and stores nothing. Unique keys on every table back this up.
import type { Database, Queryable } from '../db/database'
import type { BlockHeader, BlockRange, TransactionRow, TransferRow } from './chain-reader'
import { INDEXER_REORG_WINDOW } from './indexer-constants'
import type { MetadataRows } from './token-metadata-recorder'
import { TRANSFER_KINDS } from './transfer-events'

export interface Checkpoint {
  /** Last block fully stored. */
  number: number
  hash: string
}

export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError'
  constructor(chainId: number) {
    super(`the indexer checkpoint of chain ${chainId} was moved by another writer`)
  }
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

/** 0x-hex -> the hex digits decode(..., 'hex') takes. */
const digits = (hex: string) => hex.slice(2)

/** Who sees a transaction in their history: both sides of what it moved, or its sender alone
 * when it failed (nothing moved, but the sender sent it). */
export function participantsOf(transaction: TransactionRow, transfers: TransferRow[]): string[] {
  const addresses = new Set<string>()
  if (transaction.status === 'failed') addresses.add(transaction.from)
  else {
    for (const transfer of transfers) {
      addresses.add(transfer.from)
      addresses.add(transfer.to)
    }
  }
  addresses.delete(ZERO_ADDRESS)
  return [...addresses]
}

async function moveCheckpoint(
  tx: Queryable,
  chainId: number,
  previous: Checkpoint | undefined,
  next: Checkpoint | undefined,
): Promise<void> {
  let changed: number
  if (!previous && next) {
    const result = await tx.query(
      `INSERT INTO indexer_checkpoints (chain_id, block_number, block_hash)
       VALUES ($1, $2, decode($3, 'hex')) ON CONFLICT (chain_id) DO NOTHING`,
      [chainId, next.number, digits(next.hash)],
    )
    changed = result.rowCount
  } else if (previous && next) {
    const result = await tx.query(
      `UPDATE indexer_checkpoints
       SET block_number = $2, block_hash = decode($3, 'hex'), updated_at = now()
       WHERE chain_id = $1 AND block_number = $4 AND block_hash = decode($5, 'hex')`,
      [chainId, next.number, digits(next.hash), previous.number, digits(previous.hash)],
    )
    changed = result.rowCount
  } else if (previous) {
    const result = await tx.query(
      `DELETE FROM indexer_checkpoints
       WHERE chain_id = $1 AND block_number = $2 AND block_hash = decode($3, 'hex')`,
      [chainId, previous.number, digits(previous.hash)],
    )
    changed = result.rowCount
  } else {
    changed = 1
  }
  if (changed !== 1) throw new CheckpointMovedError(chainId)
}

async function insertTransactions(tx: Queryable, chainId: number, rows: TransactionRow[]) {
  if (rows.length === 0) return
  const records = rows.map((row) => ({
    b: row.blockNumber,
    i: row.txIndex,
    h: digits(row.txHash),
    bh: digits(row.blockHash),
    t: row.minedAt,
    f: digits(row.from),
    o: digits(row.to),
    s: row.status === 'confirmed' ? 1 : 0,
  }))
  await tx.query(
    `INSERT INTO chain_transactions
       (chain_id, block_number, tx_index, tx_hash, block_hash, mined_at, from_address, to_address, status)
     SELECT $1, r.b, r.i, decode(r.h, 'hex'), decode(r.bh, 'hex'), to_timestamp(r.t),
            decode(r.f, 'hex'), decode(r.o, 'hex'), r.s
     FROM json_to_recordset($2::json) AS r(b int8, i int4, h text, bh text, t int8, f text, o text, s int2)
     ON CONFLICT DO NOTHING`,
    [chainId, JSON.stringify(records)],
  )
}

async function insertTransfers(tx: Queryable, chainId: number, rows: TransferRow[]) {
  if (rows.length === 0) return
  const records = rows.map((row) => ({
    b: row.blockNumber,
    i: row.txIndex,
    l: row.logIndex,
    x: row.batchIndex,
    k: TRANSFER_KINDS.indexOf(row.kind),
    c: row.token === null ? null : digits(row.token),
    n: row.tokenId === null ? null : row.tokenId.toString(),
    f: digits(row.from),
    o: digits(row.to),
    a: row.amount.toString(),
  }))
  await tx.query(
    `INSERT INTO token_transfers
       (chain_id, block_number, tx_index, log_index, batch_index, kind, token, token_id,
        from_address, to_address, amount)
     SELECT $1, r.b, r.i, r.l, r.x, r.k, decode(r.c, 'hex'), r.n::numeric,
            decode(r.f, 'hex'), decode(r.o, 'hex'), r.a::numeric
     FROM json_to_recordset($2::json)
       AS r(b int8, i int4, l int4, x int4, k int2, c text, n text, f text, o text, a text)
     ON CONFLICT DO NOTHING`,
    [chainId, JSON.stringify(records)],
  )
}

async function insertAccountTransactions(tx: Queryable, chainId: number, range: BlockRange) {
  const transfersByTx = new Map<string, TransferRow[]>()
  for (const transfer of range.transfers) {
    const key = `${transfer.blockNumber}:${transfer.txIndex}`
    const list = transfersByTx.get(key)
    if (list) list.push(transfer)
    else transfersByTx.set(key, [transfer])
  }
  const records: { a: string; b: number; i: number; t: number }[] = []
  for (const transaction of range.transactions) {
    const transfers = transfersByTx.get(`${transaction.blockNumber}:${transaction.txIndex}`) ?? []
    for (const address of participantsOf(transaction, transfers)) {
      records.push({
        a: digits(address),
        b: transaction.blockNumber,
        i: transaction.txIndex,
        t: transaction.minedAt,
      })
    }
  }
  if (records.length === 0) return
  await tx.query(
    `INSERT INTO account_transactions (address, chain_id, block_number, tx_index, mined_at)
     SELECT decode(r.a, 'hex'), $1, r.b, r.i, to_timestamp(r.t)
     FROM json_to_recordset($2::json) AS r(a text, b int8, i int4, t int8)
     ON CONFLICT DO NOTHING`,
    [chainId, JSON.stringify(records)],
  )
}

async function insertMetadata(tx: Queryable, chainId: number, metadata: MetadataRows) {
  if (metadata.tokens.length > 0) {
    const records = metadata.tokens.map((row) => ({
      c: digits(row.token),
      n: row.name,
      s: row.symbol,
      d: row.decimals,
    }))
    await tx.query(
      `INSERT INTO token_metadata (chain_id, address, name, symbol, decimals)
       SELECT $1, decode(r.c, 'hex'), r.n, r.s, r.d
       FROM json_to_recordset($2::json) AS r(c text, n text, s text, d int2)
       ON CONFLICT DO NOTHING`,
      [chainId, JSON.stringify(records)],
    )
  }
  if (metadata.nfts.length > 0) {
    const records = metadata.nfts.map((row) => ({
      c: digits(row.token),
      i: row.tokenId.toString(),
      n: row.name,
      u: row.imageUrl,
    }))
    await tx.query(
      `INSERT INTO nft_metadata (chain_id, contract, token_id, name, image_url)
       SELECT $1, decode(r.c, 'hex'), r.i::numeric, r.n, r.u
       FROM json_to_recordset($2::json) AS r(c text, i text, n text, u text)
       ON CONFLICT DO NOTHING`,
      [chainId, JSON.stringify(records)],
    )
  }
}

async function keepRecentBlocks(tx: Queryable, chainId: number, blocks: BlockHeader[]) {
  const last = blocks.at(-1)
  if (!last) return
  const records = blocks
    .slice(-INDEXER_REORG_WINDOW)
    .map((block) => ({ b: block.number, h: digits(block.hash) }))
  await tx.query(
    `INSERT INTO indexer_blocks (chain_id, block_number, block_hash)
     SELECT $1, r.b, decode(r.h, 'hex') FROM json_to_recordset($2::json) AS r(b int8, h text)
     ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash`,
    [chainId, JSON.stringify(records)],
  )
  await tx.query('DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number <= $2', [
    chainId,
    last.number - INDEXER_REORG_WINDOW,
  ])
}

export class IndexerStore {
  constructor(
    readonly db: Database,
    readonly chainId: number,
  ) {}

  async readCheckpoint(): Promise<Checkpoint | undefined> {
    const { rows } = await this.db.query<{ number: bigint; hash: string }>(
      `SELECT block_number AS number, encode(block_hash, 'hex') AS hash
       FROM indexer_checkpoints WHERE chain_id = $1`,
      [this.chainId],
    )
    const row = rows[0]
    return row ? { number: Number(row.number), hash: `0x${row.hash}` } : undefined
  }

  /** The kept block hashes, newest first. */
  async recentBlocks(): Promise<Checkpoint[]> {
    const { rows } = await this.db.query<{ number: bigint; hash: string }>(
      `SELECT block_number AS number, encode(block_hash, 'hex') AS hash
       FROM indexer_blocks WHERE chain_id = $1 ORDER BY block_number DESC`,
      [this.chainId],
    )
    return rows.map((row) => ({ number: Number(row.number), hash: `0x${row.hash}` }))
  }

  /** Stores a range read after `previous` and moves the checkpoint to its last block. */
  async commitRange(
    previous: Checkpoint | undefined,
    range: BlockRange,
    metadata: MetadataRows,
  ): Promise<Checkpoint> {
    const last = range.blocks.at(-1)
    if (!last) throw new Error('commitRange needs at least one block')
    const next = { number: last.number, hash: last.hash }
    await this.db.transaction(async (tx) => {
      await moveCheckpoint(tx, this.chainId, previous, next)
      await insertTransactions(tx, this.chainId, range.transactions)
      await insertTransfers(tx, this.chainId, range.transfers)
      await insertAccountTransactions(tx, this.chainId, range)
      await insertMetadata(tx, this.chainId, metadata)
      await keepRecentBlocks(tx, this.chainId, range.blocks)
    })
    return next
  }

  /**
   * Forgets everything above `ancestor` (the last block still on the chain; undefined: all of
   * the chain's rows) and moves the checkpoint back to it.
   */
  async rewind(current: Checkpoint, ancestor: Checkpoint | undefined): Promise<void> {
    const above = ancestor ? ancestor.number : -1
    await this.db.transaction(async (tx) => {
      await moveCheckpoint(tx, this.chainId, current, ancestor)
      await tx.query(
        `DELETE FROM account_transactions
         WHERE chain_id = $1 AND block_number > $2 AND address IN (
           SELECT from_address FROM token_transfers WHERE chain_id = $1 AND block_number > $2
           UNION
           SELECT to_address FROM token_transfers WHERE chain_id = $1 AND block_number > $2)`,
        [this.chainId, above],
      )
      for (const table of ['token_transfers', 'chain_transactions', 'indexer_blocks']) {
        await tx.query(`DELETE FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [
          this.chainId,
          above,
        ])
      }
    })
  }
}
