// POST /v1/convert/build-transaction {amount, eip155: {slippage}, projectId, from, to,
// userAddress, toAmount?, disableEstimate?}: the swap transaction for the user to sign
// (docs/product.md#calls). Exact input on the chain's Uniswap V2 router along the best route
// now; amountOutMin is the quote (the one the user accepted when `toAmount` is given) less the
// slippage, 1 % by default, and never below the quote now less 50 % (swap-minimum.ts); the
// deadline is 20 minutes after the later of our clock and the chain's. Unless disableEstimate,
// the chain estimates the gas and a swap that would revert now is refused with the chain's reason.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  ConvertBuildTransactionAnswer,
  ConvertBuildTransactionBody,
} from '@portico/protocol/convert'
import { DEFAULT_SLIPPAGE_PERCENT } from '@portico/protocol/convert-slippage'
import { CONVERT_BUILD_TRANSACTION_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidRequestError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import {
  GAS_ESTIMATE_HEADROOM_PERCENT,
  SWAP_DEADLINE_SECONDS,
  swapGasLimit,
} from './convert-constants'
import { SwapWouldRevertError } from './convert-errors'
import { swapCalldata } from './swap-calldata'
import { estimateGas, readGasPriceAndTime } from './swap-chain-reads'
import { swapMinimum } from './swap-minimum'
import { parseAmount, parseSwapPair, parseUserAddress } from './swap-request'
import type { UniswapV2Quoter } from './uniswap-v2-quoter'

const schema = {
  querystring: SdkQuery,
  body: ConvertBuildTransactionBody,
  response: { 200: ConvertBuildTransactionAnswer, ...errorResponses },
}

export interface ConvertBuildTransactionOptions extends RouteOptions {
  quoter: UniswapV2Quoter
}

export const convertBuildTransactionRoute: FastifyPluginAsync<
  ConvertBuildTransactionOptions
> = async (app, { context, quoter }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(CONVERT_BUILD_TRANSACTION_PATH, { schema }, async (request) => {
      const { body } = request
      if (body.projectId !== request.project?.id) {
        throw new InvalidRequestError("Invalid request: the body's projectId is not the query's")
      }
      const { from, to } = parseSwapPair(context, body.from, body.to)
      const { chain, config } = from
      const user = parseUserAddress(body.userAddress, chain.caipNetworkId)
      const amountIn = parseAmount(body.amount)
      const accepted =
        body.toAmount === undefined ? undefined : parseAmount(body.toAmount, 'toAmount')
      const slippage = body.eip155?.slippage ?? DEFAULT_SLIPPAGE_PERCENT

      const [quote, { gasPrice, timestamp }] = await Promise.all([
        quoter.quote(chain, config, from.asset, to.asset, amountIn),
        readGasPriceAndTime(context.upstream, chain),
      ])
      const now = BigInt(Math.floor(context.clock() / 1000))
      const deadline = (timestamp > now ? timestamp : now) + BigInt(SWAP_DEADLINE_SECONDS)
      const { data, value } = swapCalldata({
        from: from.asset,
        to: to.asset,
        amountIn,
        amountOutMin: swapMinimum(quote.amounts.at(-1) as bigint, accepted, slippage),
        path: quote.path,
        recipient: user,
        deadline,
      })

      let gas = swapGasLimit(quote.path.length - 1)
      if (body.disableEstimate !== true) {
        const estimate = await estimateGas(context.upstream, chain, {
          from: user,
          to: config.router,
          data,
          value,
        })
        if (!estimate.ok) throw new SwapWouldRevertError(estimate.reason)
        gas = (estimate.gas * (100n + GAS_ESTIMATE_HEADROOM_PERCENT)) / 100n
      }
      return {
        tx: {
          from: `${chain.caipNetworkId}:${user}`,
          to: `${chain.caipNetworkId}:${config.router}`,
          data,
          amount: value.toString(),
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
      }
    })
}
