// The names API (docs/product.md#calls) as one self-contained plugin: a name's record, an
// address's names, suggestions in our zone, and registration. Registered inside the project
// guard; its table is profile_names (db/migrations.ts).
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { getProfileNameRoute } from './get-profile-name'
import { getProfileReverseRoute } from './get-profile-reverse'
import { getProfileSuggestionsRoute } from './get-profile-suggestions'
import { postProfileAccountRoute } from './post-profile-account'
import { ProfileStore } from './profile-store'

export interface ProfileRouteOptions extends RouteOptions {
  store: ProfileStore
}

export const profileRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const options = { context, store: new ProfileStore(context.db) }
  await app.register(getProfileNameRoute, options)
  await app.register(getProfileReverseRoute, options)
  await app.register(getProfileSuggestionsRoute, options)
  await app.register(postProfileAccountRoute, options)
}
