// The tracked events' route group (docs/product.md#tracking-events): the modal's batches in.
// Registered inside the project guard.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { postAnalyticsEventsRoute } from './post-analytics-events'

export const analyticsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(postAnalyticsEventsRoute, { context })
}
