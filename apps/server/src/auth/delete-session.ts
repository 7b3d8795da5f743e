// DELETE /auth/v1/sessions/{id}?projectId= with `Authorization: Bearer <token>`: revokes a
// session of the token's account (the token's own included); 404 for any other id.

import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SessionParams } from '@portico/protocol/auth'
import { AUTH_SESSION_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { SessionNotFoundError } from './auth-errors'
import { bearerSession } from './bearer-session'
import { projectQuerySchema } from './session-schema'
import { revokeSession } from './session-store'

const schema = {
  params: SessionParams,
  querystring: projectQuerySchema,
  response: { 204: Type.Null(), ...errorResponses },
}

export const deleteSessionRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .delete(AUTH_SESSION_PATH, { schema }, async (request, reply) => {
      const owner = await bearerSession(context, request)
      const revoked = await revokeSession(
        context.db,
        owner.projectId,
        owner.account,
        request.params.id,
        context.clock(),
      )
      if (!revoked) throw new SessionNotFoundError()
      return reply.code(204).send(null)
    })
}
