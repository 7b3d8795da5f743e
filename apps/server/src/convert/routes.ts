// The convert (swap) routes of the Blockchain API (docs/product.md#calls), one plugin with the
// services its routes share. Registered inside the project guard (route-groups.ts).
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { TokenMetadataReader } from '../tokens/token-metadata'
import { convertAllowanceRoute } from './allowance'
import { convertBuildApproveRoute } from './build-approve'
import { convertBuildTransactionRoute } from './build-transaction'
import { convertGasPriceRoute } from './gas-price'
import { convertQuotesRoute } from './quotes'
import { convertTokensRoute } from './tokens'
import { UniswapV2Quoter } from './uniswap-v2-quoter'

export const convertRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const quoter = new UniswapV2Quoter(context.upstream, context.clock)
  const metadata = new TokenMetadataReader(context.cache, context.upstream)
  await app.register(convertTokensRoute, { context, metadata })
  await app.register(convertQuotesRoute, { context, quoter })
  await app.register(convertAllowanceRoute, { context })
  await app.register(convertGasPriceRoute, { context })
  await app.register(convertBuildTransactionRoute, { context, quoter })
  await app.register(convertBuildApproveRoute, { context })
}
