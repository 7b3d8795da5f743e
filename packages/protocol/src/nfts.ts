// GET /v1/account/{account}/nfts answers a page of the NFTs the account holds on one chain,
// spam collections left out, with the cursor of the next page (null on the last one).
import { type Static, Type } from 'typebox'
import { Nullable, StringEnum } from './schema-forms'
import { SdkQuery } from './sdk-query'

export const AccountNft = Type.Object({
  /** `eip155:1:0xcontract:tokenId` */
  id: Type.String(),
  chainId: Type.String(),
  contract: Type.String(),
  tokenId: Type.String(),
  standard: StringEnum(['ERC721', 'ERC1155']),
  /** How many the account holds ("1" for ERC-721). */
  amount: Type.String(),
  name: Type.String(),
  /** A data: URI for on-chain metadata; null when none is known. */
  imageUrl: Nullable(Type.String()),
  collection: Type.Object({ name: Nullable(Type.String()), symbol: Nullable(Type.String()) }),
})
export type AccountNft = Static<typeof AccountNft>

export const NftPage = Type.Object({
  data: Type.Array(AccountNft),
  /** The cursor of the next page; null on the last one. */
  next: Nullable(Type.String()),
})
export type NftPage = Static<typeof NftPage>

/** The query of GET /v1/account/{account}/nfts. */
export const NftsQuery = Type.Object({
  ...SdkQuery.properties,
  /** CAIP-2; required when the account is a bare address. */
  chainId: Type.Optional(Type.String({ maxLength: 64 })),
  /** The `next` of the previous page. */
  cursor: Type.Optional(Type.String()),
  /** NFTs per page: 1 to 100 (30 when absent). */
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
})
export type NftsQuery = Static<typeof NftsQuery>
