// POST /v1/embedded-wallet/email/update?projectId= (Bearer) with `{ newEmail }`: starts a change
// of address by mailing a code to the current one; answers `{ action: 'VERIFY_PRIMARY_OTP' }`.
// An address that is the current one or another user's is refused (409).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  UpdateEmailAnswer,
  UpdateEmailBody,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf, embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { beginEmailUpdate } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: UpdateEmailBody,
  response: { 200: UpdateEmailAnswer, ...errorResponses },
}

export const postEmailUpdateRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/email/update`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        await beginEmailUpdate(
          service,
          askerOf(request),
          session,
          request.body.newEmail.toLowerCase(),
        )
        return reply
          .header('cache-control', 'no-store')
          .send({ action: 'VERIFY_PRIMARY_OTP' as const })
      },
    )
}
