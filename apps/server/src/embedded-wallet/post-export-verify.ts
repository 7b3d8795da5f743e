// POST /v1/embedded-wallet/export/verify?projectId= (Bearer) with `{ otp }`: the export code;
// answers the recovery share, from which (with a share the frame holds) the frame shows the key.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  OtpBody,
  RecoveryShareAnswer,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { askerOf, embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { verifyExport } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: OtpBody,
  response: { 200: RecoveryShareAnswer, ...errorResponses },
}

export const postExportVerifyRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/export/verify`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        const recoveryShare = await verifyExport(
          service,
          askerOf(request),
          session,
          request.body.otp,
        )
        return reply.header('cache-control', 'no-store').send({ recoveryShare })
      },
    )
}
