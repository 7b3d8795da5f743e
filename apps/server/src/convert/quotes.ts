// GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice: what `amount` of `from` buys of
// `to` now, in base units, through the chain's Uniswap V2 pools, exactly as the router's
// getAmountsOut computes it (docs/product.md#calls). One quote: the best paying route.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConvertQuotesAnswer, ConvertQuotesQuery } from '@portico/protocol/convert'
import { CONVERT_QUOTES_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { swapGasLimit } from './convert-constants'
import { parseAmount, parseSwapPair, parseUserAddress } from './swap-request'
import type { UniswapV2Quoter } from './uniswap-v2-quoter'

const schema = {
  querystring: ConvertQuotesQuery,
  response: { 200: ConvertQuotesAnswer, ...errorResponses },
}

export interface ConvertQuotesOptions extends RouteOptions {
  quoter: UniswapV2Quoter
}

export const convertQuotesRoute: FastifyPluginAsync<ConvertQuotesOptions> = async (
  app,
  { context, quoter },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(CONVERT_QUOTES_PATH, { schema }, async (request) => {
      const { from, to } = parseSwapPair(context, request.query.from, request.query.to)
      parseUserAddress(request.query.userAddress, from.chain.caipNetworkId)
      const amount = parseAmount(request.query.amount)
      const quote = await quoter.quote(from.chain, from.config, from.asset, to.asset, amount)
      return {
        quotes: [
          {
            id: `uniswap-v2:${quote.path.join('>')}`,
            fromAmount: amount.toString(),
            fromAccount: from.caip10,
            toAmount: String(quote.amounts.at(-1)),
            toAccount: to.caip10,
            priceImpact: quote.priceImpact,
            path: quote.path,
            gas: swapGasLimit(quote.path.length - 1).toString(),
          },
        ],
      }
    })
}
