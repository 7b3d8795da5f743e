// POST /auth/v1/nonce?projectId= : a fresh sign-in nonce for this project, `{ nonce }`, good
// once within AUTH_NONCE_TTL_MS. Rate limited per client (project + IP): 429 with Retry-After.
// Asking for a nonce is also when this instance deletes dead nonces and sessions, now and then.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { NonceAnswer } from '@portico/protocol/auth'
import { AUTH_NONCE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import type { RouteOptions } from '../server-context'
import { AUTH_NONCE_RATE_LIMIT } from './auth-constants'
import { createAuthPruner } from './auth-pruning'
import { issueNonce } from './nonce-store'
import { projectQuerySchema } from './session-schema'

const schema = {
  querystring: projectQuerySchema,
  response: { 200: NonceAnswer, ...errorResponses },
}

export const postNonceRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const pruneIfDue = createAuthPruner(context.db)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(AUTH_NONCE_PATH, { schema }, async (request, reply) => {
      if (!request.project) throw new InvalidKeyError()
      await enforceRateLimit(
        context.rateLimiter,
        `auth-nonce:${request.project.id}:${clientKeyOf(request)}`,
        AUTH_NONCE_RATE_LIMIT,
      )
      const now = context.clock()
      await pruneIfDue(now)
      const nonce = await issueNonce(context.db, request.project.id, now)
      return reply.header('cache-control', 'no-store').send({ nonce })
    })
}
