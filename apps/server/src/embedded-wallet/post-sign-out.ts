// POST /v1/embedded-wallet/sign-out?projectId= (Bearer), no body: revokes the session; its
// token is refused from now on. Answers 204.
import { EMBEDDED_WALLET_API_PREFIX } from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { embeddedSession, refuseBody } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { revokeEmbeddedSession } from './embedded-sessions'

const schema = { ...baseSchema, response: { ...errorResponses } }

export const postSignOutRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  // No type provider: the only answer with a body is a refusal, and 204 has none.
  app.post(
    `${EMBEDDED_WALLET_API_PREFIX}/sign-out`,
    { ...routeBase, schema },
    async (request, reply) => {
      refuseBody(request)
      const session = await embeddedSession(service, request)
      await revokeEmbeddedSession(service.db, session.tokenHash, service.clock())
      return reply.code(204).header('cache-control', 'no-store').send()
    },
  )
}
