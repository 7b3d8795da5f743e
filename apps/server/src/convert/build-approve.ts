// GET /v1/convert/build-approve?userAddress&from&to&amount: the ERC-20 approval that lets the
// chain's swap router take `amount` of the `from` token (max uint256 when no amount is given)
// (docs/product.md#calls). `to` is the token the swap will buy: checked, as the pair must be
// one a swap can make, but the approval does not depend on it. The native coin needs none.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConvertBuildApproveAnswer, ConvertBuildApproveQuery } from '@portico/protocol/convert'
import { CONVERT_BUILD_APPROVE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { maxUint256 } from 'viem'
import { InvalidRequestError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { APPROVE_GAS } from './convert-constants'
import { approveCalldata } from './swap-calldata'
import { readGasPrice } from './swap-chain-reads'
import { parseAmount, parseSwapPair, parseUserAddress } from './swap-request'

const schema = {
  querystring: ConvertBuildApproveQuery,
  response: { 200: ConvertBuildApproveAnswer, ...errorResponses },
}

export const convertBuildApproveRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(CONVERT_BUILD_APPROVE_PATH, { schema }, async (request) => {
      const { query } = request
      const { from } = parseSwapPair(context, query.from, query.to)
      const { chain, config } = from
      const user = parseUserAddress(query.userAddress, chain.caipNetworkId)
      if (from.asset === 'native') {
        throw new InvalidRequestError('The native coin needs no approval')
      }
      const amount = query.amount === undefined ? maxUint256 : parseAmount(query.amount)
      const gasPrice = await readGasPrice(context.upstream, chain)
      return {
        tx: {
          from: `${chain.caipNetworkId}:${user}`,
          to: `${chain.caipNetworkId}:${from.asset}`,
          data: approveCalldata(config.router, amount),
          amount: '0',
          eip155: { gas: APPROVE_GAS.toString(), gasPrice: gasPrice.toString() },
        },
      }
    })
}
