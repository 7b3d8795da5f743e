// GET /v1/embedded-wallet/me?projectId= (Bearer): the session's user and wallet (or null).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { EMBEDDED_WALLET_API_PREFIX, MeAnswer } from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { describeUser } from './embedded-wallet-service'

const schema = { ...baseSchema, response: { 200: MeAnswer, ...errorResponses } }

export const getMeRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (app, { service }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(`${EMBEDDED_WALLET_API_PREFIX}/me`, { ...routeBase, schema }, async (request, reply) => {
      const session = await embeddedSession(service, request)
      return reply.header('cache-control', 'no-store').send(await describeUser(service, session))
    })
}
