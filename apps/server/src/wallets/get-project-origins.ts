// GET /projects/v1/origins : the project's allowed origin patterns (spec section 7; the modal
// takes an empty list when this call fails). Wildcard patterns are answered as stored.
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { sdkQueryProperties } from './sdk-query-schema'

const schema = {
  querystring: { type: 'object', required: ['projectId'], properties: sdkQueryProperties },
  response: {
    200: {
      type: 'object',
      required: ['allowedOrigins'],
      properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } },
    },
    ...errorResponses,
  },
} as const

export const getProjectOriginsRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get('/projects/v1/origins', { schema }, async (request, reply) => {
    if (!request.project) throw new InvalidKeyError()
    return reply
      .header('cache-control', 'no-cache')
      .send({ allowedOrigins: request.project.allowedOrigins })
  })
}
