// POST /v1/embedded-wallet/email/update/primary?projectId= (Bearer) with `{ otp }`: the current
// address's code; a code then goes to the new address. Answers
// `{ action: 'VERIFY_SECONDARY_OTP' }`; 409 when no change waits for this step.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  OtpBody,
  UpdateEmailPrimaryAnswer,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf, embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { confirmCurrentEmail } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: OtpBody,
  response: { 200: UpdateEmailPrimaryAnswer, ...errorResponses },
}

export const postEmailUpdatePrimaryRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/email/update/primary`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        await confirmCurrentEmail(service, askerOf(request), session, request.body.otp)
        return reply
          .header('cache-control', 'no-store')
          .send({ action: 'VERIFY_SECONDARY_OTP' as const })
      },
    )
}
