// POST /v1?chainId=&projectId= : the JSON-RPC proxy to the chain's upstream (docs/product.md#calls)
// The body is read by our own JSON parser (chains/json-rpc-payload.ts), not Fastify's, and so
// has no JSON schema here: a schema sees parsed values, where an id of 12345678901234567890 is
// already 12345678901234567000. The parser checks what the schema would (@portico/protocol's
// RpcProxyBody) and the limits.
import { RPC_PROXY_PATH } from '@portico/protocol/route-paths'
import { RpcProxyAnswer, RpcProxyQuery } from '@portico/protocol/rpc-proxy'
import type { FastifyPluginAsync } from 'fastify'
import { forwardJsonRpc } from '../chains/json-rpc-forwarder'
import { type ProxiedPayload, readJsonRpcPayload } from '../chains/json-rpc-payload'
import { RPC_BODY_LIMIT_BYTES } from '../constants'
import { InvalidRequestError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  querystring: RpcProxyQuery,
  response: {
    // Sent as the text the forwarder wrote (never re-serialised): the contract test holds it here.
    200: { ...RpcProxyAnswer, description: "The upstream's answers under the caller's ids" },
    204: { description: 'Every request was a notification: nothing to answer', type: 'null' },
    ...errorResponses,
  },
} as const

interface RpcProxyRequest {
  Querystring: RpcProxyQuery
  /** Text when the body came as text/plain, which no JSON-RPC request is. */
  Body: ProxiedPayload | string
}

export const rpcProxyRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  // Scoped to this plugin: the other routes keep Fastify's parser.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, readJsonRpcPayload(body as string))
    } catch (error) {
      done(error as Error)
    }
  })

  app.post<RpcProxyRequest>(
    RPC_PROXY_PATH,
    { schema, bodyLimit: RPC_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const chain = context.chains.resolve(request.query.chainId)
      const payload = request.body
      if (typeof payload === 'string' || payload === undefined) {
        throw new InvalidRequestError('Invalid request: the body must be JSON (application/json)')
      }
      const answer = await forwardJsonRpc(context.upstream, chain, payload)
      if (answer === undefined) return reply.code(204).send()
      return reply.type('application/json; charset=utf-8').send(answer)
    },
  )
}
