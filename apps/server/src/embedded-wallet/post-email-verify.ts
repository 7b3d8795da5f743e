// POST /v1/embedded-wallet/email/verify?projectId= with `{ email, otp }`: a right code answers
// a new session (its token is given only here), the user and the wallet (null for a new user).
// A wrong code says how many tries are left; the fifth wrong one locks the code (429).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  EmailVerifyAnswer,
  EmailVerifyBody,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { verifyLogin } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: EmailVerifyBody,
  response: { 200: EmailVerifyAnswer, ...errorResponses },
}

export const postEmailVerifyRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/email/verify`,
      { ...routeBase, schema },
      async (request, reply) => {
        const { email, otp } = request.body
        const answer = await verifyLogin(service, askerOf(request), email.toLowerCase(), otp)
        return reply.header('cache-control', 'no-store').send(answer)
      },
    )
}
