// POST /v1/fungible/price: names, icons and USD prices of tokens given as CAIP-10 ids (see
// docs/product.md#calls). Each entry carries the `address` it answers; no `price` when no source
// prices the token. How many addresses one call may carry is the server's limit.
import { type Static, Type } from 'typebox'
import { StringEnum } from './schema-forms'

/** Ours, not the spec's: most CAIP-10 token ids one fungible price request may ask for. */
export const FUNGIBLE_PRICE_MAX_ADDRESSES = 100

export const FungiblePriceBody = Type.Object(
  {
    currency: StringEnum(['usd']),
    addresses: Type.Array(Type.String({ maxLength: 128 }), {
      minItems: 1,
      maxItems: FUNGIBLE_PRICE_MAX_ADDRESSES,
    }),
    projectId: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
)
export type FungiblePriceBody = Static<typeof FungiblePriceBody>

export const FungiblePrice = Type.Object({
  name: Type.String(),
  symbol: Type.String(),
  iconUrl: Type.String(),
  price: Type.Optional(Type.Number()),
  /** The CAIP-10 id this entry answers. */
  address: Type.String(),
})
export type FungiblePrice = Static<typeof FungiblePrice>

export const FungiblePriceAnswer = Type.Object({ fungibles: Type.Array(FungiblePrice) })
export type FungiblePriceAnswer = Static<typeof FungiblePriceAnswer>
