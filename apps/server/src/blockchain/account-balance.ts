// GET /v1/account/{address}/balance?currency=usd&chainId=&forceUpdate= : the address's native
// and ERC-20 balances on one chain, with USD prices and values (docs/product.md#blockchain-api).
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { EVM_ADDRESS_PATTERN } from '@portico/protocol/evm-address'
import { AccountBalanceAnswer, AccountBalanceQuery } from '@portico/protocol/token-balance'
import type { FastifyPluginAsync } from 'fastify'
import type { Address } from 'viem'
import type { PortfolioReader } from '../balances/portfolio'
import { UnsupportedChainError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { iconUrlFor } from '../tokens/token-icon'

const schema = {
  params: Type.Object({
    address: Type.Unsafe<Address>({ type: 'string', pattern: EVM_ADDRESS_PATTERN }),
  }),
  querystring: AccountBalanceQuery,
  response: { 200: AccountBalanceAnswer, ...errorResponses },
}

export interface AccountBalanceOptions extends RouteOptions {
  portfolio: PortfolioReader
}

export const accountBalanceRoute: FastifyPluginAsync<AccountBalanceOptions> = async (
  app,
  { context, portfolio },
) => {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.get('/v1/account/:address/balance', { schema }, async (request) => {
    const chain = context.chains.resolve(request.query.chainId)
    if (!chain.caipNetworkId.startsWith('eip155:')) throw new UnsupportedChainError()
    const forceUpdate = request.query.forceUpdate === 'true' || request.query.forceUpdate === '1'
    const balances = await portfolio.read(chain, request.params.address, {
      forceUpdate,
      log: request.log,
    })
    return {
      balances: balances.map((balance) => ({
        ...balance,
        iconUrl: iconUrlFor(request, balance.iconUrl),
      })),
    }
  })
}
