// GET /v1/account/{address}/balance?currency=usd&chainId=&forceUpdate= : the address's native
// and ERC-20 balances on one chain, with USD prices and values (spec sections 3 and 7).
import type { FastifyPluginAsync } from 'fastify'
import type { Address } from 'viem'
import type { PortfolioReader } from '../balances/portfolio'
import { tokenBalanceSchema } from '../balances/token-balance'
import { UnsupportedChainError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { iconUrlFor } from '../tokens/token-icon'

const schema = {
  params: {
    type: 'object',
    required: ['address'],
    properties: { address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } },
  },
  querystring: {
    type: 'object',
    required: ['projectId', 'currency', 'chainId'],
    properties: {
      projectId: { type: 'string' },
      st: { type: 'string' },
      sv: { type: 'string' },
      currency: { type: 'string', enum: ['usd'] },
      chainId: { type: 'string', maxLength: 64 },
      forceUpdate: { type: 'string', enum: ['true', 'false', '1', '0'] },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['balances'],
      properties: { balances: { type: 'array', items: tokenBalanceSchema } },
    },
    ...errorResponses,
  },
} as const

interface AccountBalanceRequest {
  Params: { address: Address }
  Querystring: { chainId: string; currency: 'usd'; forceUpdate?: 'true' | 'false' | '1' | '0' }
}

export interface AccountBalanceOptions extends RouteOptions {
  portfolio: PortfolioReader
}

export const accountBalanceRoute: FastifyPluginAsync<AccountBalanceOptions> = async (
  app,
  { context, portfolio },
) => {
  app.get<AccountBalanceRequest>('/v1/account/:address/balance', { schema }, async (request) => {
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
