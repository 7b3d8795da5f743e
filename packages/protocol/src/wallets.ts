// The Wallet API's answers (docs/product.md#wallet-api): GET /getWallets (wallet list items of
// docs/product.md#entities, paged, with the count of all matches), GET /projects/v1/origins and
// GET /getAnalyticsConfig.
import { type Static, Type } from 'typebox'
import { Nullable, StringEnum } from './schema-forms'
import { SdkQuery } from './sdk-query'

export const BadgeType = StringEnum(['certified', 'none'])
export type BadgeType = Static<typeof BadgeType>

export const WalletListItem = Type.Object({
  /** 64 lowercase hex digits. */
  id: Type.String(),
  name: Type.String(),
  /** Names the wallet's image: /getWalletImage/{image_id}. */
  image_id: Type.String(),
  /** Reverse-DNS id the wallet announces over EIP-6963. */
  rdns: Nullable(Type.String()),
  /** CAIP-2 ids. */
  chains: Type.Array(Type.String()),
  mobile_link: Nullable(Type.String()),
  desktop_link: Nullable(Type.String()),
  webapp_link: Nullable(Type.String()),
  homepage: Type.String(),
  /** Where to get the wallet, by platform (ios, android, chrome, mac, ...). */
  app: Type.Record(Type.String(), Nullable(Type.String())),
  badge_type: BadgeType,
})
export type WalletListItem = Static<typeof WalletListItem>

export const WalletPage = Type.Object({
  data: Type.Array(WalletListItem),
  /** How many wallets match, over all pages. */
  count: Type.Integer(),
})
export type WalletPage = Static<typeof WalletPage>

export const ProjectOrigins = Type.Object({ allowedOrigins: Type.Array(Type.String()) })
export type ProjectOrigins = Static<typeof ProjectOrigins>

export const AnalyticsConfig = Type.Object({ isAnalyticsEnabled: Type.Boolean() })
export type AnalyticsConfig = Static<typeof AnalyticsConfig>

/** Declared where the browser can import it without the schemas; the server reads it here too. */
export { WALLET_CONNECT_IMAGE_ID } from './wallet-images'

/** Longest `search` of GET /getWallets, in characters, before trimming. */
export const WALLET_SEARCH_MAX_LENGTH = 64

/** The query of GET /getWallets: numbers as digit strings, lists comma-separated. */
export const GetWalletsQuery = Type.Object({
  ...SdkQuery.properties,
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  entries: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  /** Registry ids (64 hex digits). */
  include: Type.Optional(Type.String({ maxLength: 8192 })),
  exclude: Type.Optional(Type.String({ maxLength: 8192 })),
  /** CAIP-2 ids. */
  chains: Type.Optional(Type.String({ maxLength: 4096 })),
  search: Type.Optional(Type.String({ maxLength: WALLET_SEARCH_MAX_LENGTH })),
  badge_type: Type.Optional(BadgeType),
})
export type GetWalletsQuery = Static<typeof GetWalletsQuery>
