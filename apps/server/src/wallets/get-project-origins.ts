// GET /projects/v1/origins : the project's allowed origins (docs/product.md#calls; the modal
// takes an empty list when this call fails). Wildcard patterns are answered as stored.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PROJECT_ORIGINS_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import { ProjectOrigins } from '@portico/protocol/wallets'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  querystring: SdkQuery,
  response: { 200: ProjectOrigins, ...errorResponses },
}

export const getProjectOriginsRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(PROJECT_ORIGINS_PATH, { schema }, async (request, reply) => {
      if (!request.project) throw new InvalidKeyError()
      return reply
        .header('cache-control', 'no-cache')
        .send({ allowedOrigins: request.project.allowedOrigins })
    })
}
