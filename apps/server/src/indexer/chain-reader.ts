// Reads a range of blocks from a chain and turns it into the rows the indexer stores: the
// blocks' hashes (for reorg detection), the transactions that moved something and every
// transfer in them. Native transfers are the top-level value of a transaction; value moved by
// internal calls (a contract sending ETH on) is visible only by tracing, which is done for the
// transactions that unwrap WETH (a swap paying out ETH: internal-value.ts) and no others.
//
// The blocks (with their transactions), the logs and the receipts come from separate calls,
// so the chain may change between them. Everything is checked against the blocks' hashes; a
// mismatch throws ChainMovedError and the caller reads the range again.
import { getContractAddress } from 'viem'
import type { JsonRpcCall } from '../chains/json-rpc-batch'
import type { JsonRpcClient } from '../chains/json-rpc-client'
import { JsonRpcCallError } from '../chains/json-rpc-client'
import {
  INTERNAL_TRANSFER_LOG_INDEX,
  readInternalTransfers,
  WITHDRAWAL_TOPIC,
} from './internal-value'
import {
  decodeTransferLog,
  type RpcLog,
  TRANSFER_TOPICS,
  type TransferKind,
} from './transfer-events'

export interface BlockHeader {
  number: number
  /** Lowercase 0x-hex. */
  hash: string
  parentHash: string
  /** Seconds since the epoch. */
  timestamp: number
}

export interface TransactionRow {
  blockNumber: number
  txIndex: number
  txHash: string
  blockHash: string
  minedAt: number
  from: string
  /** The created contract's address for a deployment. */
  to: string
  status: 'confirmed' | 'failed'
}

export interface TransferRow {
  blockNumber: number
  txIndex: number
  /** -1 for the transaction's native value; INTERNAL_TRANSFER_LOG_INDEX on for internal calls'. */
  logIndex: number
  batchIndex: number
  kind: TransferKind
  /** null for native transfers. */
  token: string | null
  tokenId: bigint | null
  from: string
  to: string
  amount: bigint
}

export interface BlockRange {
  /** Every block of the range, in order. */
  blocks: BlockHeader[]
  transactions: TransactionRow[]
  transfers: TransferRow[]
}

/** The chain changed while the range was read (a reorg, or a node behind another). */
export class ChainMovedError extends Error {
  override readonly name = 'ChainMovedError'
}

interface RpcTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  nonce: string
  transactionIndex: string
}

interface RpcBlock {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  transactions: RpcTransaction[]
}

interface RpcReceipt {
  blockHash: string
  /** Absent before Byzantium (no failed status to read then). */
  status?: string
}

const hex = (value: number) => `0x${value.toString(16)}`
const lower = (value: string) => value.toLowerCase()

/** Where the value goes: the recipient, or the contract a deployment creates. */
function recipientOf(tx: RpcTransaction): string {
  if (tx.to) return lower(tx.to)
  return lower(getContractAddress({ from: tx.from as `0x${string}`, nonce: BigInt(tx.nonce) }))
}

export function toHeader(block: RpcBlock): BlockHeader {
  return {
    number: Number(block.number),
    hash: lower(block.hash),
    parentHash: lower(block.parentHash),
    timestamp: Number(block.timestamp),
  }
}

/** Block headers by number (null where the chain has no such block). */
export async function readHeaders(
  rpc: JsonRpcClient,
  numbers: readonly number[],
): Promise<(BlockHeader | null)[]> {
  const blocks = await rpc.batch<RpcBlock | null>(
    numbers.map((number) => ({ method: 'eth_getBlockByNumber', params: [hex(number), false] })),
  )
  return blocks.map((block) => (block ? toHeader(block) : null))
}

/**
 * eth_getLogs over [from, to]; a node that refuses the range (too many results, range too
 * wide) gets it in halves.
 */
async function readTransferLogs(rpc: JsonRpcClient, from: number, to: number): Promise<RpcLog[]> {
  try {
    return await rpc.request<RpcLog[]>('eth_getLogs', [
      { fromBlock: hex(from), toBlock: hex(to), topics: [[...TRANSFER_TOPICS, WITHDRAWAL_TOPIC]] },
    ])
  } catch (error) {
    if (!(error instanceof JsonRpcCallError) || from === to) throw error
    const middle = from + Math.floor((to - from) / 2)
    const [low, high] = await Promise.all([
      readTransferLogs(rpc, from, middle),
      readTransferLogs(rpc, middle + 1, to),
    ])
    return [...low, ...high]
  }
}

async function readBlocks(rpc: JsonRpcClient, from: number, to: number): Promise<RpcBlock[]> {
  const calls: JsonRpcCall[] = []
  for (let number = from; number <= to; number++) {
    calls.push({ method: 'eth_getBlockByNumber', params: [hex(number), true] })
  }
  const blocks = await rpc.batch<RpcBlock | null>(calls)
  return blocks.map((block, index) => {
    if (!block || Number(block.number) !== from + index) {
      throw new ChainMovedError(`block ${from + index} is not (or no longer) on the chain`)
    }
    return block
  })
}

function checkLinks(headers: readonly BlockHeader[]): void {
  for (let index = 1; index < headers.length; index++) {
    const block = headers[index] as BlockHeader
    if (block.parentHash !== (headers[index - 1] as BlockHeader).hash) {
      throw new ChainMovedError(`block ${block.number} does not follow block ${block.number - 1}`)
    }
  }
}

interface Candidate {
  block: BlockHeader
  tx: RpcTransaction
  transfers: TransferRow[]
}

/** Reads [from, to] (inclusive) and gives back its blocks, transactions and transfers. */
export async function readBlockRange(
  rpc: JsonRpcClient,
  from: number,
  to: number,
): Promise<BlockRange> {
  const [blocks, logs] = await Promise.all([
    readBlocks(rpc, from, to),
    readTransferLogs(rpc, from, to),
  ])
  const headers = blocks.map(toHeader)
  checkLinks(headers)

  // Transactions that moved something, by hash, in chain order once sorted.
  const candidates = new Map<string, Candidate>()
  const byHash = new Map<string, { block: BlockHeader; tx: RpcTransaction }>()
  blocks.forEach((block, index) => {
    const header = headers[index] as BlockHeader
    for (const tx of block.transactions) {
      const hash = lower(tx.hash)
      byHash.set(hash, { block: header, tx })
      if (BigInt(tx.value) > 0n) {
        candidates.set(hash, {
          block: header,
          tx,
          transfers: [
            {
              blockNumber: header.number,
              txIndex: Number(tx.transactionIndex),
              logIndex: -1,
              batchIndex: 0,
              kind: 'native',
              token: null,
              tokenId: null,
              from: lower(tx.from),
              to: recipientOf(tx),
              amount: BigInt(tx.value),
            },
          ],
        })
      }
    }
  })

  /** Transactions that unwrapped WETH: the ETH may have gone on to an account inside them. */
  const unwrapping = new Set<string>()
  for (const log of logs) {
    const blockNumber = Number(log.blockNumber)
    const header = headers[blockNumber - from]
    if (log.removed || !header || header.hash !== lower(log.blockHash)) {
      throw new ChainMovedError(`a log of block ${blockNumber} is not from the block read`)
    }
    const hash = lower(log.transactionHash)
    if (lower(log.topics[0] ?? '') === WITHDRAWAL_TOPIC) unwrapping.add(hash)
    const decoded = decodeTransferLog(log)
    if (decoded.length === 0) continue
    const known = byHash.get(hash)
    if (!known) throw new ChainMovedError(`a log names a transaction not in block ${blockNumber}`)
    let candidate = candidates.get(hash)
    if (!candidate) {
      candidate = { block: known.block, tx: known.tx, transfers: [] }
      candidates.set(hash, candidate)
    }
    for (const transfer of decoded) {
      candidate.transfers.push({
        blockNumber,
        txIndex: Number(known.tx.transactionIndex),
        logIndex: Number(log.logIndex),
        ...transfer,
      })
    }
  }

  const internal = await readInternalTransfers(rpc, [...unwrapping])
  for (const [hash, moved] of internal) {
    const known = byHash.get(hash)
    if (!known || moved.length === 0) continue
    let candidate = candidates.get(hash)
    if (!candidate) {
      candidate = { block: known.block, tx: known.tx, transfers: [] }
      candidates.set(hash, candidate)
    }
    moved.forEach((transfer, index) => {
      candidate.transfers.push({
        blockNumber: known.block.number,
        txIndex: Number(known.tx.transactionIndex),
        logIndex: INTERNAL_TRANSFER_LOG_INDEX + index,
        batchIndex: 0,
        kind: 'native',
        token: null,
        tokenId: null,
        ...transfer,
      })
    })
  }

  // A receipt is needed for the status of a value transfer only: logs come only from
  // transactions that succeeded.
  const needReceipt = [...candidates.entries()].filter(([, { tx }]) => BigInt(tx.value) > 0n)
  const receipts = await rpc.batch<RpcReceipt | null>(
    needReceipt.map(([hash]) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
  )
  const receiptByHash = new Map<string, RpcReceipt>()
  needReceipt.forEach(([hash, { block }], index) => {
    const receipt = receipts[index]
    if (!receipt || lower(receipt.blockHash) !== block.hash) {
      throw new ChainMovedError(`the receipt of ${hash} is not from block ${block.number}`)
    }
    receiptByHash.set(hash, receipt)
  })

  const transactions: TransactionRow[] = []
  const transfers: TransferRow[] = []
  for (const [hash, { block, tx, transfers: moved }] of candidates) {
    transactions.push({
      blockNumber: block.number,
      txIndex: Number(tx.transactionIndex),
      txHash: hash,
      blockHash: block.hash,
      minedAt: block.timestamp,
      from: lower(tx.from),
      to: recipientOf(tx),
      status: receiptByHash.get(hash)?.status === '0x0' ? 'failed' : 'confirmed',
    })
    transfers.push(...moved)
  }
  transactions.sort((a, b) => a.blockNumber - b.blockNumber || a.txIndex - b.txIndex)
  return { blocks: headers, transactions, transfers }
}
