// POST /v1/embedded-wallet/email/update/secondary?projectId= (Bearer) with `{ otp }`: the new
// address's code; the change is made and `{ email }` (the new address) answered.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  OtpBody,
  UpdateEmailSecondaryAnswer,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf, embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { confirmNewEmail } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: OtpBody,
  response: { 200: UpdateEmailSecondaryAnswer, ...errorResponses },
}

export const postEmailUpdateSecondaryRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/email/update/secondary`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        const email = await confirmNewEmail(service, askerOf(request), session, request.body.otp)
        return reply.header('cache-control', 'no-store').send({ email })
      },
    )
}
