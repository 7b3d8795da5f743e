// What the indexer should have stored for a chain, worked out again from the chain itself
// with viem's decoders (none of the indexer's code), and what it did store, both as sorted
// lines so a test can compare them with one toEqual.
import {
  type Address,
  createPublicClient,
  decodeEventLog,
  type Hex,
  http,
  type Log,
  parseAbi,
  zeroAddress,
} from 'viem'
import type { Queryable } from '../db/database'

const erc20Events = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])
const erc721Events = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
])
const erc1155Events = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])

export interface IndexedState {
  /** One line per transfer, with its transaction's fields. */
  transfers: string[]
  /** One line per (account, transaction) of the history. */
  accounts: string[]
  /** One line per transaction that moved something. */
  transactions: string[]
}

interface Moved {
  logIndex: number
  batchIndex: number
  kind: number
  token: string | null
  tokenId: bigint | null
  from: string
  to: string
  amount: bigint
}

function transferLine(
  tx: { block: bigint; blockHash: string; index: number; hash: string; minedAt: bigint },
  tx2: { status: number; from: string; to: string },
  moved: Moved,
): string {
  return [
    tx.block,
    tx.blockHash,
    tx.index,
    tx.hash,
    tx.minedAt,
    tx2.status,
    tx2.from,
    tx2.to,
    moved.logIndex,
    moved.batchIndex,
    moved.kind,
    moved.token ?? '-',
    moved.tokenId ?? '-',
    moved.from,
    moved.to,
    moved.amount,
  ].join('|')
}

function decodeMoves(log: Log): Moved[] {
  const base = { logIndex: log.logIndex as number, token: log.address.toLowerCase() }
  const attempts = [
    () => {
      const event = decodeEventLog({ abi: erc20Events, ...log, strict: true })
      if (log.topics.length !== 3) throw new Error('not ERC-20')
      const { from, to, value } = event.args
      return [{ ...base, batchIndex: 0, kind: 1, tokenId: null, from, to, amount: value }]
    },
    () => {
      const event = decodeEventLog({ abi: erc721Events, ...log, strict: true })
      const { from, to, tokenId } = event.args
      return [{ ...base, batchIndex: 0, kind: 2, tokenId, from, to, amount: 1n }]
    },
    () => {
      const event = decodeEventLog({ abi: erc1155Events, ...log, strict: true })
      if (event.eventName === 'TransferSingle') {
        const { from, to, id, value } = event.args
        return [{ ...base, batchIndex: 0, kind: 3, tokenId: id, from, to, amount: value }]
      }
      const { from, to, ids, values } = event.args
      return ids.map((id, batchIndex) => ({
        ...base,
        batchIndex,
        kind: 3,
        tokenId: id,
        from,
        to,
        amount: values[batchIndex] as bigint,
      }))
    },
  ]
  for (const attempt of attempts) {
    try {
      return attempt().map((moved) => ({
        ...moved,
        from: moved.from.toLowerCase(),
        to: moved.to.toLowerCase(),
      }))
    } catch {
      // not this kind of event
    }
  }
  return []
}

/** Reads every block of the chain and works out the transfers and the history rows. */
export async function chainGroundTruth(rpcUrl: string): Promise<IndexedState & { head: bigint }> {
  const client = createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 200 } }) })
  const head = await client.getBlockNumber()
  const numbers = Array.from({ length: Number(head) + 1 }, (_, index) => BigInt(index))
  const [blocks, logs] = await Promise.all([
    Promise.all(
      numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
    ),
    client.getLogs({ fromBlock: 0n, toBlock: head }),
  ])
  const movesByTx = new Map<string, Moved[]>()
  for (const log of logs) {
    const moves = decodeMoves(log)
    if (moves.length === 0) continue
    const key = (log.transactionHash as Hex).toLowerCase()
    movesByTx.set(key, [...(movesByTx.get(key) ?? []), ...moves])
  }
  const transfers: string[] = []
  const transactions: string[] = []
  const accounts = new Set<string>()
  for (const block of blocks) {
    for (const tx of block.transactions) {
      const hash = tx.hash.toLowerCase()
      const moves = [...(movesByTx.get(hash) ?? [])]
      let status = 1
      let to = tx.to?.toLowerCase()
      if (tx.value > 0n || !to) {
        const receipt = await client.getTransactionReceipt({ hash: tx.hash })
        to ??= (receipt.contractAddress as Address).toLowerCase()
        if (tx.value > 0n) {
          status = receipt.status === 'success' ? 1 : 0
          moves.unshift({
            logIndex: -1,
            batchIndex: 0,
            kind: 0,
            token: null,
            tokenId: null,
            from: tx.from.toLowerCase(),
            to,
            amount: tx.value,
          })
        }
      }
      if (moves.length === 0) continue
      const where = {
        block: block.number as bigint,
        blockHash: (block.hash as Hex).toLowerCase(),
        index: tx.transactionIndex as number,
        hash,
        minedAt: block.timestamp,
      }
      const sides =
        status === 1 ? moves.flatMap((moved) => [moved.from, moved.to]) : [tx.from.toLowerCase()]
      for (const moved of moves) {
        transfers.push(transferLine(where, { status, from: tx.from.toLowerCase(), to }, moved))
      }
      transactions.push([where.block, where.index, hash].join('|'))
      for (const address of sides) {
        if (address === zeroAddress) continue
        accounts.add([address, where.block, where.index, where.minedAt].join('|'))
      }
    }
  }
  return {
    head,
    transfers: transfers.sort(),
    accounts: [...accounts].sort(),
    transactions: transactions.sort(),
  }
}

/** What the indexer stored for `chainId`, in the same lines. */
export async function storedState(db: Queryable, chainId: number): Promise<IndexedState> {
  const hex = (column: string) => `'0x' || encode(${column}, 'hex')`
  const { rows: transferRows } = await db.query<Record<string, unknown>>(
    `SELECT x.block_number, ${hex('t.block_hash')} AS block_hash, x.tx_index,
            ${hex('t.tx_hash')} AS tx_hash, extract(epoch FROM t.mined_at)::int8 AS mined_at,
            t.status, ${hex('t.from_address')} AS tx_from, ${hex('t.to_address')} AS tx_to,
            x.log_index, x.batch_index, x.kind, ${hex('x.token')} AS token,
            x.token_id::text AS token_id, ${hex('x.from_address')} AS from_address,
            ${hex('x.to_address')} AS to_address, x.amount::text AS amount
     FROM token_transfers x
     LEFT JOIN chain_transactions t USING (chain_id, block_number, tx_index)
     WHERE x.chain_id = $1`,
    [chainId],
  )
  const transfers = transferRows.map((row) =>
    [
      row.block_number,
      row.block_hash,
      row.tx_index,
      row.tx_hash,
      row.mined_at,
      row.status,
      row.tx_from,
      row.tx_to,
      row.log_index,
      row.batch_index,
      row.kind,
      row.token ?? '-',
      row.token_id ?? '-',
      row.from_address,
      row.to_address,
      row.amount,
    ].join('|'),
  )
  const { rows: accountRows } = await db.query<Record<string, unknown>>(
    `SELECT ${hex('address')} AS address, block_number, tx_index,
            extract(epoch FROM mined_at)::int8 AS mined_at
     FROM account_transactions WHERE chain_id = $1`,
    [chainId],
  )
  const accounts = accountRows.map((row) =>
    [row.address, row.block_number, row.tx_index, row.mined_at].join('|'),
  )
  const { rows: transactionRows } = await db.query<Record<string, unknown>>(
    `SELECT block_number, tx_index, ${hex('tx_hash')} AS tx_hash
     FROM chain_transactions WHERE chain_id = $1`,
    [chainId],
  )
  const transactions = transactionRows.map((row) =>
    [row.block_number, row.tx_index, row.tx_hash].join('|'),
  )
  return {
    transfers: transfers.sort(),
    accounts: accounts.sort(),
    transactions: transactions.sort(),
  }
}
