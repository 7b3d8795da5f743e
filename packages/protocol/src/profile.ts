// The shapes of the names API (docs/product.md#calls): a name's record, an address's names,
// suggestions, and a registration. Shapes as the peer's clients read them (snake_case fields,
// addresses keyed by ENSIP-11 coin type).
import { type Static, Type } from 'typebox'
import { SdkQuery } from './sdk-query'

const strict = { additionalProperties: false } as const

/** Longest name a path takes: a label of 63 and the zone, with room for what is refused. */
export const PROFILE_NAME_MAX_LENGTH = 100
export const PROFILE_ADDRESS_MAX_LENGTH = 100

export const ProfileAddress = Type.Object({
  address: Type.String(),
  /** When the address was set (ISO 8601). */
  created: Type.String(),
})
export type ProfileAddress = Static<typeof ProfileAddress>

export const ProfileAccount = Type.Object({
  /** The whole name, zone included: `alice.portico.id`. */
  name: Type.String(),
  registered_at: Type.String(),
  updated_at: Type.String(),
  /** By coin type as a decimal string (ENSIP-11): `"60"`, `"2147491665"`. */
  addresses: Type.Record(Type.String(), ProfileAddress),
  attributes: Type.Record(Type.String(), Type.String()),
})
export type ProfileAccount = Static<typeof ProfileAccount>

/** GET /v1/profile/reverse/{address}: the names of an address (none or one). */
export const ProfileReverse = Type.Array(ProfileAccount)
export type ProfileReverse = Static<typeof ProfileReverse>

export const NameSuggestion = Type.Object({ name: Type.String(), registered: Type.Boolean() })
export type NameSuggestion = Static<typeof NameSuggestion>

export const NameSuggestions = Type.Object({ suggestions: Type.Array(NameSuggestion) })
export type NameSuggestions = Static<typeof NameSuggestions>

export const ProfileNameParams = Type.Object({
  name: Type.String({ maxLength: PROFILE_NAME_MAX_LENGTH }),
})
export type ProfileNameParams = Static<typeof ProfileNameParams>

export const ProfileAddressParams = Type.Object({
  address: Type.String({ maxLength: PROFILE_ADDRESS_MAX_LENGTH }),
})
export type ProfileAddressParams = Static<typeof ProfileAddressParams>

/** `apiVersion` as the peer's clients send it: only version 2 exists. */
const ApiVersion = Type.Optional(Type.String({ pattern: '^2$' }))

export const ProfileNameQuery = Type.Object({ ...SdkQuery.properties, apiVersion: ApiVersion })
export type ProfileNameQuery = Static<typeof ProfileNameQuery>

export const ProfileReverseQuery = Type.Object({
  ...SdkQuery.properties,
  apiVersion: ApiVersion,
  sender: Type.Optional(Type.String({ maxLength: PROFILE_ADDRESS_MAX_LENGTH })),
})
export type ProfileReverseQuery = Static<typeof ProfileReverseQuery>

/** `zone` as the peer's clients send it; ours is fixed (profile-name.ts), any other is refused. */
export const ProfileSuggestionsQuery = Type.Object({
  ...SdkQuery.properties,
  zone: Type.Optional(Type.String({ maxLength: PROFILE_NAME_MAX_LENGTH })),
})
export type ProfileSuggestionsQuery = Static<typeof ProfileSuggestionsQuery>

/**
 * POST /v1/profile/account. `message` is the JSON text that was signed:
 * `{"name":"alice.portico.id","attributes":{},"timestamp":1700000000}` (unix seconds).
 */
export const RegisterName = Type.Object(
  {
    coin_type: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
    address: Type.String({ maxLength: PROFILE_ADDRESS_MAX_LENGTH }),
    message: Type.String({ maxLength: 2000 }),
    /** 0x hex; an ERC-6492 signature carries its account's deployment, hence the room. */
    signature: Type.String({ maxLength: 20_000 }),
  },
  strict,
)
export type RegisterName = Static<typeof RegisterName>

/** The signed message, once parsed. */
export interface RegisterNameMessage {
  name: string
  attributes: Record<string, string>
  timestamp: number
}
