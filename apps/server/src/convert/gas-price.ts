// GET /v1/convert/gas-price?chainId: wei per gas on an EVM chain the server serves
// (docs/product.md#calls): the chain's own price as standard, and ours above it as fast and
// instant. Any other chain: 'Network not supported for Gas Price'.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ConvertGasPriceAnswer, ConvertGasPriceQuery } from '@portico/protocol/convert'
import { CONVERT_GAS_PRICE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { parseChainId } from '../chains/chain-id'
import type { ChainUpstream } from '../chains/chain-upstream'
import { ServerError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { GAS_PRICE_FAST_PERCENT, GAS_PRICE_INSTANT_PERCENT } from './convert-constants'
import { GasPriceNetworkUnsupportedError } from './convert-errors'
import { readGasPrice } from './swap-chain-reads'

const schema = {
  querystring: ConvertGasPriceQuery,
  response: { 200: ConvertGasPriceAnswer, ...errorResponses },
}

export const convertGasPriceRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(CONVERT_GAS_PRICE_PATH, { schema }, async (request) => {
      const id = parseChainId(request.query.chainId)
      if (!id.startsWith('eip155:')) throw new GasPriceNetworkUnsupportedError()
      let chain: ChainUpstream
      try {
        chain = context.chains.resolve(id)
      } catch (error) {
        if (error instanceof ServerError) throw new GasPriceNetworkUnsupportedError()
        throw error
      }
      const price = await readGasPrice(context.upstream, chain)
      return {
        standard: price.toString(),
        fast: ((price * GAS_PRICE_FAST_PERCENT) / 100n).toString(),
        instant: ((price * GAS_PRICE_INSTANT_PERCENT) / 100n).toString(),
      }
    })
}
