// GET /getAnalyticsConfig : whether the project has analytics on (docs/product.md#calls; the modal
// turns analytics off when this call fails). A project setting, on by default.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANALYTICS_CONFIG_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import { AnalyticsConfig } from '@portico/protocol/wallets'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { ProjectAnalytics } from './project-analytics'

const schema = {
  querystring: SdkQuery,
  response: { 200: AnalyticsConfig, ...errorResponses },
}

export const getAnalyticsConfigRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  const analytics = new ProjectAnalytics(context.db)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(ANALYTICS_CONFIG_PATH, { schema }, async (request, reply) => {
      if (!request.project) throw new InvalidKeyError()
      const isAnalyticsEnabled = await analytics.isEnabled(request.project.id)
      return reply.header('cache-control', 'no-cache').send({ isAnalyticsEnabled })
    })
}
