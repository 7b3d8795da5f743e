// POST /v1?chainId=&projectId= : the JSON-RPC proxy to the chain's upstream (spec section 7).
import type { FastifyPluginAsync } from 'fastify'
import { forwardJsonRpc, type JsonRpcPayload } from '../chains/json-rpc-forwarder'
import { RPC_BATCH_LIMIT, RPC_BODY_LIMIT_BYTES } from '../constants'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const jsonRpcRequestSchema = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: {
    jsonrpc: { type: 'string', const: '2.0' },
    method: { type: 'string', minLength: 1, maxLength: 128 },
    params: { anyOf: [{ type: 'array' }, { type: 'object' }] },
    id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
  },
  additionalProperties: false,
} as const

const schema = {
  querystring: {
    type: 'object',
    required: ['chainId', 'projectId'],
    properties: {
      chainId: { type: 'string', maxLength: 64 },
      projectId: { type: 'string' },
    },
  },
  body: {
    anyOf: [
      jsonRpcRequestSchema,
      { type: 'array', minItems: 1, maxItems: RPC_BATCH_LIMIT, items: jsonRpcRequestSchema },
    ],
  },
  response: {
    200: {
      description: "The upstream's JSON-RPC answer, passed through unchanged",
      anyOf: [{ type: 'object' }, { type: 'array' }],
    },
    ...errorResponses,
  },
} as const

interface RpcProxyRequest {
  Querystring: { chainId: string; projectId: string }
  Body: JsonRpcPayload
}

export const rpcProxyRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.post<RpcProxyRequest>(
    '/v1',
    { schema, bodyLimit: RPC_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const chain = context.chains.resolve(request.query.chainId)
      const answer = await forwardJsonRpc(context.upstream, chain, request.body)
      return reply.type('application/json; charset=utf-8').send(answer)
    },
  )
}
