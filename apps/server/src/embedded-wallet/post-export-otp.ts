// POST /v1/embedded-wallet/export/otp?projectId= (Bearer), no body: mails a fresh code for a
// key export to the user's address (a session alone does not export the key). Answers
// `{ action: 'VERIFY_OTP' }`; 404 without a wallet; cooldown and rate limits as for a login.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { EMBEDDED_WALLET_API_PREFIX, ExportOtpAnswer } from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf, embeddedSession, refuseBody } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { sendExportCode } from './embedded-wallet-service'

const schema = { ...baseSchema, response: { 200: ExportOtpAnswer, ...errorResponses } }

export const postExportOtpRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/export/otp`,
      { ...routeBase, schema },
      async (request, reply) => {
        refuseBody(request)
        const session = await embeddedSession(service, request)
        await sendExportCode(service, askerOf(request), session)
        return reply.header('cache-control', 'no-store').send({ action: 'VERIFY_OTP' as const })
      },
    )
}
