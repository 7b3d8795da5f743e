// PUT /v1/embedded-wallet/wallet?projectId= (Bearer) with `{ address, authShare, recoveryShare }`:
// replaces both server-held shares with those of a new split of the same key (after a recovery
// on a new device). The address must be the stored one (409 otherwise; 404 without a wallet).
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
import { describeUser, rotateShares } from './embedded-wallet-service'

const schema = {
  ...baseSchema,
  body: WalletSharesBody,
  response: { 200: WalletAnswer, ...errorResponses },
}

export const putWalletRoute: FastifyPluginAsync<EmbeddedRouteOptions> = async (
  app,
  { service },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .put(
      `${EMBEDDED_WALLET_API_PREFIX}/wallet`,
      { ...routeBase, schema },
      async (request, reply) => {
        const session = await embeddedSession(service, request)
        await rotateShares(service, session, request.body)
        const { wallet } = await describeUser(service, session)
        if (!wallet) throw new Error('the wallet just rotated is gone')
        return reply.header('cache-control', 'no-store').send({ wallet })
      },
    )
}
