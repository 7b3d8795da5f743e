// GET /auth/v1/me?projectId= with `Authorization: Bearer <token>`: the token's session, or
// 401 'Session Expired' once it expired or was revoked.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AuthSession } from '@portico/protocol/auth'
import { AUTH_ME_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { bearerSession } from './bearer-session'
import { projectQuerySchema } from './session-schema'

const schema = {
  querystring: projectQuerySchema,
  response: { 200: AuthSession, ...errorResponses },
}

export const getMeRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(AUTH_ME_PATH, { schema }, async (request, reply) => {
      const { session } = await bearerSession(context, request)
      return reply.header('cache-control', 'no-store').send(session)
    })
}
