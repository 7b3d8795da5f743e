// The balance and price routes of the Blockchain API, with the services they share. Registered
// inside the project guard (server.ts).
import type { FastifyPluginAsync } from 'fastify'
import { PortfolioReader } from '../balances/portfolio'
import { IndexedReceivedTokens } from '../balances/received-tokens'
import type { RouteOptions } from '../server-context'
import { TokenMetadataReader } from '../tokens/token-metadata'
import { accountBalanceRoute } from './account-balance'
import { fungiblePriceRoute } from './fungible-price'

export const balanceRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const metadata = new TokenMetadataReader(context.cache, context.upstream)
  const portfolio = new PortfolioReader({
    cache: context.cache,
    upstream: context.upstream,
    prices: context.prices,
    metadata,
    tokenLists: context.config.tokenLists,
    solanaTokens: context.config.solanaTokens,
    receivedTokens: new IndexedReceivedTokens(context.db),
    clock: context.clock,
  })
  await app.register(accountBalanceRoute, { context, portfolio })
  await app.register(fungiblePriceRoute, { context, metadata })
}
