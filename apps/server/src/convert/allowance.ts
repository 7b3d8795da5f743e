// GET /v1/convert/allowance?tokenAddress&userAddress: how much of the token the chain's swap
// router may take from the user, base units (docs/product.md#calls). The native coin needs no
// approval: its allowance is max uint256, so "is the allowance short?" is one comparison.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConvertAllowanceAnswer, ConvertAllowanceQuery } from '@portico/protocol/convert'
import { CONVERT_ALLOWANCE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { maxUint256 } from 'viem'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { readAllowance } from './swap-chain-reads'
import { parseSwapToken, parseUserAddress } from './swap-request'

const schema = {
  querystring: ConvertAllowanceQuery,
  response: { 200: ConvertAllowanceAnswer, ...errorResponses },
}

export const convertAllowanceRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(CONVERT_ALLOWANCE_PATH, { schema }, async (request) => {
      const token = parseSwapToken(context, request.query.tokenAddress)
      const owner = parseUserAddress(request.query.userAddress, token.chain.caipNetworkId)
      if (token.asset === 'native') return { allowance: maxUint256.toString() }
      const allowance = await readAllowance(
        context.upstream,
        token.chain,
        token.asset,
        owner,
        token.config.router,
      )
      return { allowance: allowance.toString() }
    })
}
