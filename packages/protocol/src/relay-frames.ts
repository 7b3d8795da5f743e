// The JSON-RPC 2.0 frames of the relay socket around the methods of relay-methods.ts: a request,
// its result or its error, and the error codes the relay answers with. Ids are echoed exactly
// as sent (the SDKs use 19-digit ids a JSON number cannot hold; the relay keeps their text).
import { type Static, type TSchema, Type } from 'typebox'
import { RELAY_MAX_STRING_ID_CHARS, RELAY_NUMERIC_ID_BELOW } from './relay-bounds'

/** The JSON-RPC errors the relay answers with: the standard ones, then refusals by its limits. */
export const RELAY_ERROR = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
  // Ours: refusals by the relay's limits.
  messageTooLarge: { code: -32010, message: 'Message too large' },
  tooManyTopics: { code: -32011, message: 'Too many topics' },
  tooManyRequests: { code: -32012, message: 'Too many requests' },
} as const

export type RelayErrorKind = keyof typeof RELAY_ERROR

/** A positive whole number of at most 19 digits, or a string of 1 to 64 characters. */
export const RelayRequestId = Type.Union([
  Type.Integer({ minimum: 1, exclusiveMaximum: RELAY_NUMERIC_ID_BELOW }),
  Type.String({ minLength: 1, maxLength: RELAY_MAX_STRING_ID_CHARS }),
])
export type RelayRequestId = Static<typeof RelayRequestId>

export function RelayRequestFrame<M extends string, P extends TSchema>(method: M, params: P) {
  return Type.Object({
    id: RelayRequestId,
    jsonrpc: Type.Literal('2.0'),
    method: Type.Literal(method),
    params,
  })
}

export function RelayResultFrame<R extends TSchema>(result: R) {
  return Type.Object(
    { id: RelayRequestId, jsonrpc: Type.Literal('2.0'), result },
    { additionalProperties: false },
  )
}

/** The message is the kind's own, followed by ": " and a detail when there is one. */
export const RelayErrorFrame = Type.Object(
  {
    /** null when the frame's id could not be read (not JSON, or an id the relay does not take). */
    id: Type.Union([RelayRequestId, Type.Null()]),
    jsonrpc: Type.Literal('2.0'),
    error: Type.Object(
      { code: Type.Integer(), message: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type RelayErrorFrame = Static<typeof RelayErrorFrame>
