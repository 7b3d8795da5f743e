// GET /v1/supported-chains : the chains this server proxies, as CAIP-2 ids (docs/product.md#calls).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SUPPORTED_CHAINS_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import { SupportedChains } from '@portico/protocol/supported-chains'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  querystring: SdkQuery,
  response: { 200: SupportedChains, ...errorResponses },
}

export const supportedChainsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(SUPPORTED_CHAINS_PATH, { schema }, async () => ({
    http: context.chains.httpChainIds(),
    // No WebSocket upstreams yet.
    ws: [],
  }))
}
