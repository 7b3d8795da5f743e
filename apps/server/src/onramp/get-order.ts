// GET /v1/onramp/orders/{orderId}: the order's state, which the modal follows until the coins
// have arrived. Only the project that started an order sees it.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { OnrampOrder, OnrampOrderParams } from '@portico/protocol/onramp'
import { ONRAMP_ORDER_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { OrderNotFoundError } from './onramp-errors'
import type { OnrampRouteOptions } from './onramp-route-options'
import { toOrderAnswer } from './order-store'

const schema = {
  params: OnrampOrderParams,
  querystring: SdkQuery,
  response: { 200: OnrampOrder, ...errorResponses },
}

export const getOnrampOrderRoute: FastifyPluginAsync<OnrampRouteOptions> = async (
  app,
  { onramp },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(ONRAMP_ORDER_PATH, { schema }, async (request): Promise<OnrampOrder> => {
      const row = await onramp.store.get(request.params.orderId)
      if (!row || row.project_id !== request.project?.id) throw new OrderNotFoundError()
      const symbol = onramp.networkOfChain(row.chain_id)?.currency.symbol ?? row.purchase_currency
      return toOrderAnswer(row, symbol)
    })
}
