// The Blockchain API (docs/product.md#calls) as one plugin: the RPC proxy and supported chains,
// balances and prices, history, NFTs, identity and the onramp. Registered inside the project guard.
import type { FastifyPluginAsync } from 'fastify'
import { convertRoutes } from '../convert/routes'
import { getIdentityRoute } from '../identity/get-identity'
import { onrampApi } from '../onramp/routes'
import type { RouteOptions } from '../server-context'
import { balanceRoutes } from './balance-routes'
import { accountHistoryRoute } from './history'
import { accountNftsRoute } from './nfts'
import { blockchainRoutes } from './routes'

export const blockchainApi: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(blockchainRoutes, { context })
  await app.register(balanceRoutes, { context })
  await app.register(accountHistoryRoute, { context })
  await app.register(accountNftsRoute, { context })
  await app.register(getIdentityRoute, { context })
  await app.register(convertRoutes, { context })
  await app.register(onrampApi, { context })
}
