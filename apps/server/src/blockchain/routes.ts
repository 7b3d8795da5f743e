// The Blockchain API route group (docs/product.md#calls): the RPC proxy and supported chains,
// balances and prices, history and NFTs. Registered inside the project guard; the API's other
// routes (identity, convert, onramp) are groups of their own, listed beside it in route-groups.ts.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { balanceRoutes } from './balance-routes'
import { accountHistoryRoute } from './history'
import { accountNftsRoute } from './nfts'
import { rpcProxyRoute } from './rpc-proxy'
import { supportedChainsRoute } from './supported-chains'

export const blockchainRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(rpcProxyRoute, { context })
  await app.register(supportedChainsRoute, { context })
  await app.register(balanceRoutes, { context })
  await app.register(accountHistoryRoute, { context })
  await app.register(accountNftsRoute, { context })
}
