// GET /v1/identity/{address} : the name and avatar of an EVM address (docs/product.md#calls), query
// `sender` optional: its registered name (profile/) and that name's avatar attribute, each null
// when there is none. A malformed address (or sender) is a 400.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Identity, IdentityParams, IdentityQuery } from '@portico/protocol/identity'
import { IDENTITY_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { CACHE_TTL_IDENTITY_MS } from '../constants'
import { errorResponses } from '../http/error-answer'
import { ProfileStore } from '../profile/profile-store'
import type { RouteOptions } from '../server-context'
import { InvalidAddressError } from '../wallets/wallet-api-errors'
import { isEvmAddress } from './evm-address-check'
import { cachedIdentityResolver, registeredNames } from './identity-resolver'

const schema = {
  params: IdentityParams,
  querystring: IdentityQuery,
  response: { 200: Identity, ...errorResponses },
}

export const identityRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const identities = cachedIdentityResolver(
    registeredNames(new ProfileStore(context.db)),
    context.cache,
  )
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(IDENTITY_PATH, { schema }, async (request, reply) => {
      const { address } = request.params
      const { sender } = request.query
      if (!isEvmAddress(address)) throw new InvalidAddressError('address')
      if (sender !== undefined && !isEvmAddress(sender)) throw new InvalidAddressError('sender')
      const identity = await identities.resolve(address.toLowerCase())
      return reply
        .header('cache-control', `public, max-age=${CACHE_TTL_IDENTITY_MS / 1000}`)
        .send(identity)
    })
}
