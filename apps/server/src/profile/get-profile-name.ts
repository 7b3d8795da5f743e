// GET /v1/profile/account/{name}?apiVersion=2 : a registered name's addresses (by coin type) and
// attributes (docs/product.md#calls). 404 for a name nobody registered here.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ProfileAccount, ProfileNameParams, ProfileNameQuery } from '@portico/protocol/profile'
import { isNameLabel, labelInZone, nameInZone } from '@portico/protocol/profile-name'
import { PROFILE_NAME_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { CACHE_TTL_NAME_LOOKUP_MS } from '../constants'
import { errorResponses } from '../http/error-answer'
import { cachedLookup } from './cached-lookup'
import { InvalidNameError, NameNotFoundError } from './profile-errors'
import type { ProfileRouteOptions } from './routes'

const schema = {
  params: ProfileNameParams,
  querystring: ProfileNameQuery,
  response: { 200: ProfileAccount, ...errorResponses },
}

export const getProfileNameRoute: FastifyPluginAsync<ProfileRouteOptions> = async (
  app,
  { context, store },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(PROFILE_NAME_PATH, { schema }, async (request, reply) => {
      const label = labelInZone(request.params.name)
      // A name of another zone is not one of ours: nobody registered it here.
      if (label === undefined) throw new NameNotFoundError(request.params.name)
      if (!isNameLabel(label)) throw new InvalidNameError()
      const name = nameInZone(label)
      const account = await cachedLookup(context.cache, `profile-name:${name}`, () =>
        store.byName(name),
      )
      if (!account) throw new NameNotFoundError(name)
      return reply
        .header('cache-control', `public, max-age=${CACHE_TTL_NAME_LOOKUP_MS / 1000}`)
        .send(account)
    })
}
