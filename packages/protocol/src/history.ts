// GET /v1/account/{account}/history answers a page of the spec's transaction history items
// (docs/product.md#entities), newest first, with the next page's cursor (null on the last one).
import { type Static, Type } from 'typebox'
import { Nullable, StringEnum } from './schema-forms'
import { SdkQuery } from './sdk-query'

export const OperationType = StringEnum(['send', 'receive', 'mint', 'burn', 'trade', 'execute'])
export type OperationType = Static<typeof OperationType>

export const TransferDirection = StringEnum(['in', 'out', 'self'])
export type TransferDirection = Static<typeof TransferDirection>

export const FungibleInfo = Type.Object({
  name: Nullable(Type.String()),
  symbol: Nullable(Type.String()),
  icon: Type.Object({ url: Nullable(Type.String()) }),
})
export type FungibleInfo = Static<typeof FungibleInfo>

export const NftInfo = Type.Object({
  name: Type.String(),
  content: Type.Object({ preview: Type.Object({ url: Nullable(Type.String()) }) }),
  flags: Type.Object({ is_spam: Type.Boolean() }),
})
export type NftInfo = Static<typeof NftInfo>

export const HistoryTransfer = Type.Object({
  fungible_info: Type.Optional(FungibleInfo),
  nft_info: Type.Optional(NftInfo),
  direction: TransferDirection,
  quantity: Type.Object({ numeric: Type.String() }),
  /** USD; null when not known. */
  value: Nullable(Type.Number()),
  price: Nullable(Type.Number()),
  /**
   * Ours: who this transfer came from and went to (checksummed), so Activity can name the other
   * side ("Sent 0.010 ETH to 0x7099…79C8"); the transaction's own `to` is the token contract for
   * an ERC-20 transfer. Absent where the server does not know them.
   */
  sender: Type.Optional(Type.String()),
  recipient: Type.Optional(Type.String()),
})
export type HistoryTransfer = Static<typeof HistoryTransfer>

export const HistoryItem = Type.Object({
  id: Type.String(),
  metadata: Type.Object({
    operationType: OperationType,
    /** Always sent by the server; the modal does without (no explorer link). */
    hash: Type.Optional(Type.String()),
    minedAt: Type.String(),
    /** CAIP-2. */
    chain: Type.String(),
    status: StringEnum(['confirmed', 'failed']),
    sentFrom: Type.String(),
    sentTo: Type.String(),
  }),
  transfers: Type.Array(HistoryTransfer),
})
export type HistoryItem = Static<typeof HistoryItem>

export const HistoryPage = Type.Object({
  data: Type.Array(HistoryItem),
  /** The cursor of the next page; null on the last one. */
  next: Nullable(Type.String()),
})
export type HistoryPage = Static<typeof HistoryPage>

/** The query of GET /v1/account/{account}/history. */
/**
 * The path of the account routes (history, NFTs): `{account}`, checked as CAIP-10 or an address by
 * the route itself, for the spec's messages.
 */
export const AccountParams = Type.Object({ account: Type.String() })
export type AccountParams = Static<typeof AccountParams>

export const HistoryQuery = Type.Object({
  ...SdkQuery.properties,
  /** CAIP-2; required when the account is a bare address. */
  chainId: Type.Optional(Type.String({ maxLength: 64 })),
  /** The `next` of the previous page. */
  cursor: Type.Optional(Type.String()),
  onramp: Type.Optional(StringEnum(['coinbase'])),
  /** Items per page: 1 to 50 (20 when absent). */
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-4][0-9]|50)$' })),
})
export type HistoryQuery = Static<typeof HistoryQuery>
