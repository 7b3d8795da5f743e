// The JSON-RPC proxy (POST /v1?chainId=&projectId=, docs/product.md#calls): its query and the
// JSON-RPC 2.0 request and answer shapes it reads and sends. The server reads the body with its
// own parser (an id of 12345678901234567890 must be echoed as written, which a parsed value
// cannot do), held equal to RpcProxyBody by a test; its answers are held to RpcProxyAnswer by
// the contract test. In the browser the body is viem's, sent by wagmi's http transport.
import { type Static, Type } from 'typebox'

/** `chainId` is a CAIP-2 id (`eip155:8453`); the project guard reads `projectId` first. */
export const RpcProxyQuery = Type.Object({
  chainId: Type.String({ maxLength: 64 }),
  projectId: Type.String(),
})
export type RpcProxyQuery = Static<typeof RpcProxyQuery>

/** Longest method name the proxy reads. */
export const RPC_METHOD_MAX_LENGTH = 128

/** A string, an integer or null; absent, the request is a notification and gets no answer. */
export const JsonRpcId = Type.Union([Type.String(), Type.Integer(), Type.Null()])
export type JsonRpcId = Static<typeof JsonRpcId>

export const JsonRpcRequest = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    method: Type.String({ minLength: 1, maxLength: RPC_METHOD_MAX_LENGTH }),
    params: Type.Optional(
      Type.Union([Type.Array(Type.Unknown()), Type.Record(Type.String(), Type.Unknown())]),
    ),
    id: Type.Optional(JsonRpcId),
  },
  { additionalProperties: false },
)
export type JsonRpcRequest = Static<typeof JsonRpcRequest>

/** One request or a batch of them (its length is bounded by the server: RPC_BATCH_LIMIT). */
export const RpcProxyBody = Type.Union([
  JsonRpcRequest,
  Type.Array(JsonRpcRequest, { minItems: 1 }),
])
export type RpcProxyBody = Static<typeof RpcProxyBody>

export const JsonRpcSuccess = Type.Object(
  { jsonrpc: Type.Literal('2.0'), id: JsonRpcId, result: Type.Unknown() },
  { additionalProperties: false },
)
export type JsonRpcSuccess = Static<typeof JsonRpcSuccess>

/** The node's error as it wrote it, or ours when the node left a request of a batch unanswered. */
export const JsonRpcFailure = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: JsonRpcId,
    error: Type.Object({
      code: Type.Integer(),
      message: Type.String(),
      data: Type.Optional(Type.Unknown()),
    }),
  },
  { additionalProperties: false },
)
export type JsonRpcFailure = Static<typeof JsonRpcFailure>

export const JsonRpcAnswer = Type.Union([JsonRpcSuccess, JsonRpcFailure])
export type JsonRpcAnswer = Static<typeof JsonRpcAnswer>

/**
 * A request is answered with one answer and a batch with an array of them (the notifications'
 * left out); a body of notifications only gets 204 and no body.
 */
export const RpcProxyAnswer = Type.Union([
  JsonRpcAnswer,
  Type.Array(JsonRpcAnswer, { minItems: 1 }),
])
export type RpcProxyAnswer = Static<typeof RpcProxyAnswer>
