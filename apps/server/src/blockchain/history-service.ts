// An account's transaction history from the indexer's tables, as the spec's transaction
// history items (docs/product.md#entities), newest first, by page: one query (history-query.ts),
// token and NFT metadata from an in-process cache (history-metadata.ts), shaped here.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type {
  HistoryItem,
  HistoryPage,
  HistoryTransfer,
  OperationType,
  TransferDirection,
} from '@portico/protocol/history'
import { formatUnits, getAddress } from 'viem'
import { TRANSFER_KINDS, type TransferKind } from '../indexer/transfer-events'
import { nativeCurrencyOf } from '../tokens/native-currency'
import { tokenIconPath } from '../tokens/token-icon'
import { encodeHistoryCursor, type HistoryPosition } from './history-cursor'
import type { HistoryMetadata, NftInfoRow, TokenInfo } from './history-metadata'
import type { HistoryQueries, HistoryRow } from './history-query'

/** Ours (the spec gives no history page size): items per page unless `limit` says. */
export const HISTORY_PAGE_SIZE = 20
export const HISTORY_PAGE_SIZE_MAX = 50

export interface HistoryRequest {
  /** Lowercase 0x-hex. */
  address: string
  /** EVM chain ids to read: the configured chains, or the one asked for. */
  chainIds: readonly number[]
  /** Set when the caller asked for one chain (it is part of the cursor). */
  chainFilter: number | undefined
  after: HistoryPosition | undefined
  limit: number
  /** `http://host:port` icon URLs start with. */
  origin: string
  /** CAIP-10 ids of spam collections, lowercase. */
  spamCollections: ReadonlySet<string>
}

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`

/**
 * What the transaction was from the account's side: 'trade' when it both sent and received,
 * 'send' / 'receive' otherwise ('burn' / 'mint' when the other side is the zero address; a
 * transfer to itself is a send), 'execute' when none of its transfers involves the account.
 */
export function operationTypeOf(
  transfers: readonly Pick<RawTransfer, 'direction' | 'from' | 'to'>[],
): OperationType {
  const outs = transfers.filter((transfer) => transfer.direction === 'out')
  const ins = transfers.filter((transfer) => transfer.direction === 'in')
  if (outs.length > 0 && ins.length > 0) return 'trade'
  if (outs.length > 0) return outs.every((t) => t.to === ZERO_ADDRESS) ? 'burn' : 'send'
  if (ins.length > 0) return ins.every((t) => t.from === ZERO_ADDRESS) ? 'mint' : 'receive'
  return transfers.length > 0 ? 'send' : 'execute'
}

interface RawTransfer {
  direction: TransferDirection
  from: string
  to: string
  shown: HistoryTransfer
}

interface Metadata {
  tokens: Map<string, TokenInfo>
  nfts: Map<string, NftInfoRow>
}

function toTransfer(
  row: HistoryRow,
  request: HistoryRequest,
  chainId: number,
  metadata: Metadata,
): RawTransfer {
  const chain: CaipNetworkId = `eip155:${chainId}`
  const from = row.from as string
  const to = row.to as string
  const direction: TransferDirection =
    from === request.address ? (to === request.address ? 'self' : 'out') : 'in'
  const kind = TRANSFER_KINDS[row.kind as number] as TransferKind
  const amount = BigInt(row.amount as string)
  const token = metadata.tokens.get(`${chainId}:${row.token}`)
  let shown: HistoryTransfer
  if (kind === 'native' || kind === 'erc20') {
    const currency =
      kind === 'native'
        ? nativeCurrencyOf(chain)
        : {
            name: token?.name ?? null,
            symbol: token?.symbol ?? null,
            decimals: token?.decimals ?? 0,
          }
    shown = {
      fungible_info: {
        name: currency.name,
        symbol: currency.symbol,
        icon: { url: currency.symbol ? request.origin + tokenIconPath(currency.symbol) : null },
      },
      direction,
      quantity: { numeric: formatUnits(amount, currency.decimals) },
      value: null,
      price: null,
    }
  } else {
    const nft = metadata.nfts.get(`${chainId}:${row.token}:${row.tokenId}`)
    shown = {
      nft_info: {
        name: nft?.name ?? `${token?.name ?? 'NFT'} #${row.tokenId}`,
        content: { preview: { url: nft?.imageUrl ?? null } },
        flags: { is_spam: request.spamCollections.has(`${chain}:${row.token}`) },
      },
      direction,
      quantity: { numeric: amount.toString() },
      value: null,
      price: null,
    }
  }
  // Checksummed, as people compare addresses: Activity names the other side of the transfer.
  return {
    direction,
    from,
    to,
    shown: { ...shown, sender: getAddress(from), recipient: getAddress(to) },
  }
}

async function metadataOf(
  rows: readonly HistoryRow[],
  metadata: HistoryMetadata,
): Promise<Metadata> {
  const tokens: { chainId: number; token: string }[] = []
  const nfts: { chainId: number; token: string; tokenId: string }[] = []
  for (const row of rows) {
    if (row.token === null) continue
    const { chainId } = row
    tokens.push({ chainId, token: row.token })
    if (row.tokenId !== null) nfts.push({ chainId, token: row.token, tokenId: row.tokenId })
  }
  const [tokenInfo, nftInfo] = [await metadata.tokens(tokens), await metadata.nfts(nfts)]
  return { tokens: tokenInfo, nfts: nftInfo }
}

interface PageEntry {
  position: HistoryPosition
  item: HistoryItem
  raw: RawTransfer[]
}

export async function readHistoryPage(
  queries: HistoryQueries,
  metadata: HistoryMetadata,
  request: HistoryRequest,
): Promise<HistoryPage> {
  if (request.chainIds.length === 0) return { data: [], next: null }
  const rows = await queries.read({ ...request, limit: request.limit + 1 })
  const known = await metadataOf(rows, metadata)

  const entries: PageEntry[] = []
  let current: PageEntry | undefined
  for (const row of rows) {
    const { chainId, blockNumber, txIndex, minedAt } = row
    if (
      current?.position.chainId !== chainId ||
      current.position.blockNumber !== blockNumber ||
      current.position.txIndex !== txIndex
    ) {
      const chain: CaipNetworkId = `eip155:${chainId}`
      current = {
        position: { minedAt, chainId, blockNumber, txIndex },
        item: {
          id: `${chain}:${row.txHash}`,
          metadata: {
            operationType: 'execute',
            hash: row.txHash,
            minedAt: new Date(minedAt * 1000).toISOString(),
            chain,
            status: row.status === 1 ? 'confirmed' : 'failed',
            sentFrom: row.sentFrom,
            sentTo: row.sentTo,
          },
          transfers: [],
        },
        raw: [],
      }
      entries.push(current)
    }
    if (row.kind !== null) current.raw.push(toTransfer(row, request, chainId, known))
  }

  const more = entries.length > request.limit
  const page = more ? entries.slice(0, request.limit) : entries
  for (const { item, raw } of page) {
    item.metadata.operationType = operationTypeOf(raw)
    item.transfers = raw.map((transfer) => transfer.shown)
  }
  const last = page.at(-1)
  return {
    data: page.map(({ item }) => item),
    next: more && last ? encodeHistoryCursor(last.position, request.chainFilter) : null,
  }
}
