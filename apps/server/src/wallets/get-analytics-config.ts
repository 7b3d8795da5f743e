// GET /getAnalyticsConfig : whether the project has analytics on (spec section 7; the modal
// turns analytics off when this call fails). A project setting, on by default.
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { ProjectAnalytics } from './project-analytics'
import { sdkQueryProperties } from './sdk-query-schema'

const schema = {
  querystring: { type: 'object', required: ['projectId'], properties: sdkQueryProperties },
  response: {
    200: {
      type: 'object',
      required: ['isAnalyticsEnabled'],
      properties: { isAnalyticsEnabled: { type: 'boolean' } },
    },
    ...errorResponses,
  },
} as const

export const getAnalyticsConfigRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  const analytics = new ProjectAnalytics(context.db)
  app.get('/getAnalyticsConfig', { schema }, async (request, reply) => {
    if (!request.project) throw new InvalidKeyError()
    const isAnalyticsEnabled = await analytics.isEnabled(request.project.id)
    return reply.header('cache-control', 'no-cache').send({ isAnalyticsEnabled })
  })
}
