// GET /v1/identity/{address} answers the address's name and avatar, each null when unknown.
import { type Static, Type } from 'typebox'
import { Nullable } from './schema-forms'
import { SdkQuery } from './sdk-query'

export const Identity = Type.Object({
  name: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
})
export type Identity = Static<typeof Identity>

/** Longest address the identity route reads (path or `sender`). */
export const IDENTITY_ADDRESS_MAX_LENGTH = 100

/** The query of GET /v1/identity/{address}: who asks (an address), when known. */
/** The path of GET /v1/identity/:address (checked by the route itself, for the spec's messages). */
export const IdentityParams = Type.Object({
  address: Type.String({ maxLength: IDENTITY_ADDRESS_MAX_LENGTH }),
})
export type IdentityParams = Static<typeof IdentityParams>

export const IdentityQuery = Type.Object({
  ...SdkQuery.properties,
  sender: Type.Optional(Type.String({ maxLength: IDENTITY_ADDRESS_MAX_LENGTH })),
})
export type IdentityQuery = Static<typeof IdentityQuery>
