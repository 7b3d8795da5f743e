// GET /v1/account/{address}/balance answers { balances }: docs/product.md#token-balance.
// `address` is the token's CAIP-10 id (the native coin's is ERC-7528's 0xEeee...EEeE on EVM,
// the wrapped SOL mint So111...112 on Solana);
// `quantity.numeric` is the amount in whole units as a decimal string, `quantity.decimals` the
// token's decimals, also a string. `price` (USD per unit) and `value` (quantity x price) are
// absent when no source prices the token.

import { type Static, Type } from 'typebox'
import { StringEnum } from './schema-forms'
import { SdkQuery } from './sdk-query'

export const TokenBalance = Type.Object({
  name: Type.String(),
  symbol: Type.String(),
  chainId: Type.String(),
  /** Always sent by the server; the modal does without (a balance it builds may lack it). */
  address: Type.Optional(Type.String()),
  value: Type.Optional(Type.Number()),
  price: Type.Optional(Type.Number()),
  quantity: Type.Object({ decimals: Type.String(), numeric: Type.String() }),
  iconUrl: Type.String(),
})
export type TokenBalance = Static<typeof TokenBalance>

export const AccountBalanceAnswer = Type.Object({ balances: Type.Array(TokenBalance) })
export type AccountBalanceAnswer = Static<typeof AccountBalanceAnswer>

/**
 * The path of GET /v1/account/{address}/balance: an EVM address (0x and 40 hex digits) for an
 * eip155 chain, a base58 address for a solana one. The route checks it against the chain's
 * namespace and says what is wrong with it (solana-address.ts), so the schema only bounds it.
 */
export const AccountBalanceParams = Type.Object({
  address: Type.String({ minLength: 1, maxLength: 64 }),
})
export type AccountBalanceParams = Static<typeof AccountBalanceParams>

/** The query of GET /v1/account/{address}/balance. */
export const AccountBalanceQuery = Type.Object({
  ...SdkQuery.properties,
  currency: StringEnum(['usd']),
  /** CAIP-2. */
  chainId: Type.String({ maxLength: 64 }),
  forceUpdate: Type.Optional(StringEnum(['true', 'false', '1', '0'])),
})
export type AccountBalanceQuery = Static<typeof AccountBalanceQuery>
