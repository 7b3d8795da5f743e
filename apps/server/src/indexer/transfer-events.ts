// Reads token transfers out of raw JSON-RPC logs: ERC-20 and ERC-721 `Transfer` (one event
// signature; the 721 one indexes its third argument, so the two differ by topic count) and
// ERC-1155 `TransferSingle` / `TransferBatch`. A log that does not have the standard shape
// (other topic counts, short data, an address topic with high bits set) is not a transfer
// this indexer understands and is skipped, never guessed at.

/** keccak256('Transfer(address,address,uint256)') */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256('TransferSingle(address,address,address,uint256,uint256)') */
export const TRANSFER_SINGLE_TOPIC =
  '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
/** keccak256('TransferBatch(address,address,address,uint256[],uint256[])') */
export const TRANSFER_BATCH_TOPIC =
  '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

export const TRANSFER_TOPICS = [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]

/** Stored as a smallint: native 0, erc20 1, erc721 2, erc1155 3. */
export const TRANSFER_KINDS = ['native', 'erc20', 'erc721', 'erc1155'] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]

/** A log as eth_getLogs answers it (hex strings). */
export interface RpcLog {
  address: string
  topics: string[]
  data: string
  blockNumber: string
  blockHash: string
  transactionHash: string
  transactionIndex: string
  logIndex: string
  removed?: boolean
}

/** One token movement from a log; addresses are lowercase 0x-hex. */
export interface LogTransfer {
  kind: Exclude<TransferKind, 'native'>
  token: string
  tokenId: bigint | null
  from: string
  to: string
  amount: bigint
  /** Position inside a TransferBatch (0 for every other event). */
  batchIndex: number
}

const WORD = 64
const HEX_WORD = /^[0-9a-f]{64}$/

/** The address in an indexed topic, or undefined if the topic is not a left-padded address. */
function topicAddress(topic: string | undefined): string | undefined {
  if (topic === undefined || topic.length !== 66) return undefined
  const word = topic.slice(2).toLowerCase()
  if (!HEX_WORD.test(word) || !word.startsWith('000000000000000000000000')) return undefined
  return `0x${word.slice(24)}`
}

function topicWord(topic: string | undefined): bigint | undefined {
  if (topic === undefined || topic.length !== 66) return undefined
  const word = topic.slice(2).toLowerCase()
  return HEX_WORD.test(word) ? BigInt(`0x${word}`) : undefined
}

/** The data's hex digits (no 0x), lowercase, or undefined if they are not whole words. */
function dataWords(data: string): string | undefined {
  if (!data.startsWith('0x')) return undefined
  const hex = data.slice(2).toLowerCase()
  if (hex.length % WORD !== 0 || !/^[0-9a-f]*$/.test(hex)) return undefined
  return hex
}

function word(hex: string, index: number): bigint {
  return BigInt(`0x${hex.slice(index * WORD, (index + 1) * WORD)}`)
}

/** A `uint256[]` at a byte offset of ABI-encoded data, or undefined if it does not fit. */
function uintArrayAt(hex: string, byteOffset: bigint): bigint[] | undefined {
  const words = hex.length / WORD
  if (byteOffset % 32n !== 0n || byteOffset / 32n >= BigInt(words)) return undefined
  const start = Number(byteOffset / 32n)
  const length = word(hex, start)
  if (length > BigInt(words - start - 1)) return undefined
  const values: bigint[] = []
  for (let index = 0; index < Number(length); index++) values.push(word(hex, start + 1 + index))
  return values
}

function decodeTransfer(log: RpcLog, token: string): LogTransfer[] {
  const from = topicAddress(log.topics[1])
  const to = topicAddress(log.topics[2])
  const hex = dataWords(log.data)
  if (from === undefined || to === undefined || hex === undefined) return []
  if (log.topics.length === 3 && hex.length === WORD) {
    return [{ kind: 'erc20', token, tokenId: null, from, to, amount: word(hex, 0), batchIndex: 0 }]
  }
  const tokenId = topicWord(log.topics[3])
  if (log.topics.length === 4 && hex.length === 0 && tokenId !== undefined) {
    return [{ kind: 'erc721', token, tokenId, from, to, amount: 1n, batchIndex: 0 }]
  }
  return []
}

function decodeTransferSingle(log: RpcLog, token: string): LogTransfer[] {
  const from = topicAddress(log.topics[2])
  const to = topicAddress(log.topics[3])
  const hex = dataWords(log.data)
  if (log.topics.length !== 4 || from === undefined || to === undefined) return []
  if (topicAddress(log.topics[1]) === undefined || hex === undefined || hex.length !== 2 * WORD) {
    return []
  }
  return [
    {
      kind: 'erc1155',
      token,
      tokenId: word(hex, 0),
      from,
      to,
      amount: word(hex, 1),
      batchIndex: 0,
    },
  ]
}

function decodeTransferBatch(log: RpcLog, token: string): LogTransfer[] {
  const from = topicAddress(log.topics[2])
  const to = topicAddress(log.topics[3])
  const hex = dataWords(log.data)
  if (log.topics.length !== 4 || from === undefined || to === undefined) return []
  if (topicAddress(log.topics[1]) === undefined || hex === undefined || hex.length < 2 * WORD) {
    return []
  }
  const ids = uintArrayAt(hex, word(hex, 0))
  const values = uintArrayAt(hex, word(hex, 1))
  if (!ids || !values || ids.length !== values.length) return []
  return ids.map((tokenId, batchIndex) => ({
    kind: 'erc1155' as const,
    token,
    tokenId,
    from,
    to,
    amount: values[batchIndex] as bigint,
    batchIndex,
  }))
}

/** The transfers a log records (several for a TransferBatch), or none. */
export function decodeTransferLog(log: RpcLog): LogTransfer[] {
  const token = log.address.toLowerCase()
  switch (log.topics[0]?.toLowerCase()) {
    case TRANSFER_TOPIC:
      return decodeTransfer(log, token)
    case TRANSFER_SINGLE_TOPIC:
      return decodeTransferSingle(log, token)
    case TRANSFER_BATCH_TOPIC:
      return decodeTransferBatch(log, token)
    default:
      return []
  }
}
