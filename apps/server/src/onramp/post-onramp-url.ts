// POST /v1/generators/onrampurl: starts an order and answers the provider page it is paid at
// (docs/product.md#calls). Here the provider is the sandbox checkout this server serves
// (checkout-routes.ts); the order id in the URL is its only key, 128 random bits.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { OnrampUrlAnswer, OnrampUrlBody } from '@portico/protocol/onramp'
import { ONRAMP_CHECKOUT_PATH, ONRAMP_URL_PATH, routePath } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { publicOrigin } from '../tokens/token-icon'
import type { OnrampRouteOptions } from './onramp-route-options'

const schema = {
  querystring: SdkQuery,
  body: OnrampUrlBody,
  response: { 200: OnrampUrlAnswer, ...errorResponses },
}

export const postOnrampUrlRoute: FastifyPluginAsync<OnrampRouteOptions> = async (
  app,
  { onramp },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(ONRAMP_URL_PATH, { schema }, async (request): Promise<OnrampUrlAnswer> => {
      const asker = { projectId: request.project?.id as string, client: clientKeyOf(request) }
      const orderId = await onramp.createOrder(asker, request.body)
      return {
        url: `${publicOrigin(request)}${routePath(ONRAMP_CHECKOUT_PATH, { orderId })}`,
        orderId,
      }
    })
}
