// POST /v1/onramp/quote {purchaseCurrency, paymentCurrency, amount, network}: the provider's
// fee, the network fee, what is left to buy with and what it buys (docs/product.md#calls). An
// amount outside the payment method's limits is refused with them.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { OnrampQuote, OnrampQuoteBody } from '@portico/protocol/onramp'
import { ONRAMP_QUOTE_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { toQuoteAnswer } from './onramp-quote'
import type { OnrampRouteOptions } from './onramp-route-options'

const schema = {
  querystring: SdkQuery,
  body: OnrampQuoteBody,
  response: { 200: OnrampQuote, ...errorResponses },
}

export const postOnrampQuoteRoute: FastifyPluginAsync<OnrampRouteOptions> = async (
  app,
  { onramp },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(ONRAMP_QUOTE_PATH, { schema }, async (request): Promise<OnrampQuote> => {
      const input = onramp.quoteInput(request.body)
      return toQuoteAnswer(await onramp.quote(input), input)
    })
}
