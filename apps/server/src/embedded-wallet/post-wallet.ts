// POST /v1/embedded-wallet/wallet?projectId= (Bearer) with `{ address, authShare, recoveryShare }`:
// stores a new user's wallet (the frame made the key and split it; the device share stays in
// the frame) and answers 201 `{ wallet }`. A user who has one gets 409: rotation is PUT.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  EMBEDDED_WALLET_API_PREFIX,
  WalletAnswer,
  WalletSharesBody,
} from '@portico/protocol/embedded-wallet-api'
import type { FastifyPluginAsync } from 'fastify'
import { embeddedSession } from './embedded-bearer'
import {
  baseSchema,
  type EmbeddedRouteOptions,
  errorResponses,
  routeBase,
} from './embedded-route-options'
import { storeFirstWallet } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: WalletSharesBody,
  response: { 201: WalletAnswer, ...errorResponses },
}

export const postWalletRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      `${EMBEDDED_WALLET_API_PREFIX}/wallet`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        await storeFirstWallet(service, session, request.body)
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ wallet: { address: request.body.address } })
      },
    )
}
