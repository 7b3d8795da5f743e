// POST /auth/v1/nonce?projectId= : a fresh sign-in nonce for this project, `{ nonce }`, good
// once within AUTH_NONCE_TTL_MS.
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { issueNonce } from './nonce-store'
import { projectQuerySchema } from './session-schema'

const schema = {
  querystring: projectQuerySchema,
  response: {
    200: { type: 'object', required: ['nonce'], properties: { nonce: { type: 'string' } } },
    ...errorResponses,
  },
} as const

export const postNonceRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.post('/auth/v1/nonce', { schema }, async (request, reply) => {
    if (!request.project) throw new InvalidKeyError()
    const nonce = await issueNonce(context.db, request.project.id, context.clock())
    return reply.header('cache-control', 'no-store').send({ nonce })
  })
}
