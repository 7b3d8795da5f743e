// The Blockchain API route group (docs/product.md#calls). Registered inside the project guard.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { rpcProxyRoute } from './rpc-proxy'
import { supportedChainsRoute } from './supported-chains'

export const blockchainRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(rpcProxyRoute, { context })
  await app.register(supportedChainsRoute, { context })
}
