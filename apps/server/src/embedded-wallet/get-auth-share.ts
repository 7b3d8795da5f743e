// GET /v1/embedded-wallet/shares/auth?projectId= (Bearer): the wallet's auth share, which with
// the frame's device share gives the key back.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AuthShareAnswer, EMBEDDED_WALLET_API_PREFIX } from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { authShareOf } from './embedded-wallet-service'

const schema = { ...baseSchema, response: { 200: AuthShareAnswer, ...errorResponses } }

export const getAuthShareRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      `${EMBEDDED_WALLET_API_PREFIX}/shares/auth`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        return reply
          .header('cache-control', 'no-store')
          .send({ authShare: await authShareOf(service, session) })
      },
    )
}
