// GET /v1/profile/reverse/{address} : the names registered to an address (none or one), query
// `sender` and `apiVersion` as the peer's clients send them (docs/product.md#calls).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  ProfileAddressParams,
  ProfileReverse,
  ProfileReverseQuery,
} from '@portico/protocol/profile'
import { PROFILE_REVERSE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { isEvmAddress } from '../identity/evm-address-check'
import { InvalidAddressError } from '../wallets/wallet-api-errors'
import { cachedLookup } from './cached-lookup'
import type { ProfileRouteOptions } from './routes'

const schema = {
  params: ProfileAddressParams,
  querystring: ProfileReverseQuery,
  response: { 200: ProfileReverse, ...errorResponses },
}

export const getProfileReverseRoute: FastifyPluginAsync<ProfileRouteOptions> = async (
  app,
  { context, store },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(PROFILE_REVERSE_PATH, { schema }, async (request) => {
      const { address } = request.params
      const { sender } = request.query
      if (!isEvmAddress(address)) throw new InvalidAddressError('address')
      if (sender !== undefined && !isEvmAddress(sender)) throw new InvalidAddressError('sender')
      const lowercase = address.toLowerCase()
      const account = await cachedLookup(context.cache, `profile-reverse:${lowercase}`, () =>
        store.byAddress(lowercase),
      )
      return account ? [account] : []
    })
}
