// POST /v1/embedded-wallet/email/otp?projectId= with `{ email }`: mails a login code to the
// address and answers `{ action: 'VERIFY_OTP' }`. Refused inside the address's 30 s cooldown
// ('Please try again after {n} seconds') and over the client's or project's rate limit (429).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  EmailOtpAnswer,
  EmailOtpBody,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { sendLoginCode } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: EmailOtpBody,
  response: { 200: EmailOtpAnswer, ...errorResponses },
}

export const postEmailOtpRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/email/otp`,
      { ...routeBase, schema },
      async (request, reply) => {
        await sendLoginCode(service, askerOf(request), request.body.email.toLowerCase())
        return reply.header('cache-control', 'no-store').send({ action: 'VERIFY_OTP' as const })
      },
    )
}
