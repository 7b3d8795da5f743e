// The sign-in API (/auth/v1): a nonce, sign-in with a signed CAIP-122 message, and the spec's
// authentication session (docs/product.md#authentication-session) with the id it is revoked by.
import { type Static, Type } from 'typebox'
import type { CaipNetworkId } from './caip-grammar'

/** The fields of a sign-in message (siwx-message.ts writes its text from them). */
export const SiwxMessageData = Type.Object({
  accountAddress: Type.String(),
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: Type.Unsafe<CaipNetworkId>(Type.String()),
  domain: Type.String(),
  uri: Type.String(),
  version: Type.String(),
  nonce: Type.String(),
  statement: Type.Optional(Type.String()),
  /** RFC 3339 date-times, as written in the message. */
  issuedAt: Type.Optional(Type.String()),
  expirationTime: Type.Optional(Type.String()),
  notBefore: Type.Optional(Type.String()),
  requestId: Type.Optional(Type.String()),
  resources: Type.Optional(Type.Array(Type.String())),
})
export type SiwxMessageData = Static<typeof SiwxMessageData>

/** A CACAO (CAIP-74) as the wallet gave it; the server checks it against the message. */
const Cacao = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true })

export const AuthSession = Type.Object({
  id: Type.String(),
  data: SiwxMessageData,
  message: Type.String(),
  signature: Type.String(),
  cacao: Type.Optional(Cacao),
})
export type AuthSession = Static<typeof AuthSession>

export const NonceAnswer = Type.Object({ nonce: Type.String() })
export type NonceAnswer = Static<typeof NonceAnswer>

/** Longest sign-in message and signature the server accepts. */
export const AUTH_MESSAGE_MAX_LENGTH = 8192
export const AUTH_SIGNATURE_MAX_LENGTH = 8192

export const AuthenticateBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: AUTH_MESSAGE_MAX_LENGTH }),
    signature: Type.String({ minLength: 1, maxLength: AUTH_SIGNATURE_MAX_LENGTH }),
    cacao: Type.Optional(Cacao),
  },
  { additionalProperties: false },
)
export type AuthenticateBody = Static<typeof AuthenticateBody>

export const AuthenticateAnswer = Type.Object({ token: Type.String(), session: AuthSession })
export type AuthenticateAnswer = Static<typeof AuthenticateAnswer>

export const SessionsAnswer = Type.Object({ sessions: Type.Array(AuthSession) })
export type SessionsAnswer = Static<typeof SessionsAnswer>

/** Every auth route is project scoped: `?projectId=` (checked by the project guard). */
/** The path of DELETE /auth/v1/sessions/:id. */
export const SessionParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export type SessionParams = Static<typeof SessionParams>

export const AuthProjectQuery = Type.Object({ projectId: Type.String({ maxLength: 64 }) })
export type AuthProjectQuery = Static<typeof AuthProjectQuery>

/** The query of GET /auth/v1/sessions: the CAIP-10 account whose sessions are listed. */
export const SessionsQuery = Type.Object({
  ...AuthProjectQuery.properties,
  address: Type.String({ maxLength: 200 }),
})
export type SessionsQuery = Static<typeof SessionsQuery>
