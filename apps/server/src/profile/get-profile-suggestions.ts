// GET /v1/profile/suggestions/{name} : names in our fixed zone for what the visitor typed, the
// typed one marked when taken (docs/product.md#calls). `zone`, when sent, must be ours.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  NameSuggestions,
  ProfileNameParams,
  ProfileSuggestionsQuery,
} from '@portico/protocol/profile'
import { isNameLabel, labelInZone, NAME_ZONE } from '@portico/protocol/profile-name'
import { PROFILE_SUGGESTIONS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { suggestNames } from './name-suggestions'
import { InvalidNameError, WrongZoneError } from './profile-errors'
import type { ProfileRouteOptions } from './routes'

const schema = {
  params: ProfileNameParams,
  querystring: ProfileSuggestionsQuery,
  response: { 200: NameSuggestions, ...errorResponses },
}

export const getProfileSuggestionsRoute: FastifyPluginAsync<ProfileRouteOptions> = async (
  app,
  { store },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(PROFILE_SUGGESTIONS_PATH, { schema }, async (request) => {
      const { zone } = request.query
      if (zone !== undefined && zone.toLowerCase() !== NAME_ZONE) throw new WrongZoneError()
      // The visitor may type the whole name or only its label.
      const typed = request.params.name
      const label = (labelInZone(typed) ?? typed).toLowerCase()
      if (!isNameLabel(label)) throw new InvalidNameError()
      return { suggestions: await suggestNames(store, label) }
    })
}
