// GET /v1/supported-chains : the chains this server proxies, as CAIP-2 ids (spec section 7).
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      projectId: { type: 'string' },
      st: { type: 'string' },
      sv: { type: 'string' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['http', 'ws'],
      properties: {
        http: { type: 'array', items: { type: 'string' } },
        ws: { type: 'array', items: { type: 'string' } },
      },
    },
    ...errorResponses,
  },
} as const

export const supportedChainsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.get('/v1/supported-chains', { schema }, async () => ({
    http: context.chains.httpChainIds(),
    // No WebSocket upstreams yet.
    ws: [],
  }))
}
