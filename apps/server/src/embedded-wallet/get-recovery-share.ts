// GET /v1/embedded-wallet/shares/recovery?projectId= (Bearer): the recovery share, unsealed, for
// a device without its own share (a new browser): with the auth share it gives the key back.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  RecoveryShareAnswer,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { recoveryShareOf } from './embedded-wallet-service'

const schema = { ...baseSchema, response: { 200: RecoveryShareAnswer, ...errorResponses } }

export const getRecoveryShareRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      `${EMBEDDED_WALLET_API_PREFIX}/shares/recovery`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        const recoveryShare = await recoveryShareOf(service, session)
        return reply.header('cache-control', 'no-store').send({ recoveryShare })
      },
    )
}
