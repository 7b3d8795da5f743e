// GET /v1/onramp/options: what can be bought on which network, the payment currencies with
// their limits per method, and the providers with their fees (docs/product.md#calls).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { OnrampOptions } from '@portico/protocol/onramp'
import { ONRAMP_OPTIONS_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { onrampOptionsOf } from './onramp-catalog'
import type { OnrampRouteOptions } from './onramp-route-options'

const schema = { querystring: SdkQuery, response: { 200: OnrampOptions, ...errorResponses } }

export const getOnrampOptionsRoute: FastifyPluginAsync<OnrampRouteOptions> = async (
  app,
  { onramp },
) => {
  const options = onrampOptionsOf(onramp.networks)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(ONRAMP_OPTIONS_PATH, { schema }, async (): Promise<OnrampOptions> => options)
}
