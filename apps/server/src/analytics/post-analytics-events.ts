// POST /analytics/v1/events: a batch of the modal's tracked events (docs/product.md#tracking-events).
// Behind the project guard (a known projectId, an allowed Origin). The batch is refused whole
// when any event has a name the modal does not track, a property not listed, or the batch holds
// more than ANALYTICS_BATCH_MAX_EVENTS; a project with analytics off gets 403 and nothing is
// kept. Rate limited per client (project + IP address key). The body may come as text/plain: that
// is how navigator.sendBeacon sends a string without a CORS preflight.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AnalyticsBatch, AnalyticsBatchStored } from '@portico/protocol/analytics'
import { ANALYTICS_EVENTS_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { AnalyticsDisabledError, InvalidKeyError, InvalidRequestError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import { refuseNulCharacters } from '../http/refuse-nul'
import type { RouteOptions } from '../server-context'
import { ProjectAnalytics } from '../wallets/project-analytics'
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_RATE_LIMIT } from './analytics-constants'
import { createAnalyticsPruner } from './analytics-pruning'
import { storeAnalyticsBatch } from './analytics-store'

const schema = {
  querystring: SdkQuery,
  body: AnalyticsBatch,
  response: { 202: AnalyticsBatchStored, ...errorResponses },
}

export const postAnalyticsEventsRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  const analytics = new ProjectAnalytics(context.db)
  const pruneIfDue = createAnalyticsPruner(
    context.db,
    context.config.analytics.retentionDays,
    app.log,
  )

  // Scoped to this plugin: a beacon's text/plain body is read as the JSON it holds.
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: ANALYTICS_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(new InvalidRequestError('Invalid request: the body is not valid JSON'))
      }
    },
  )

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      ANALYTICS_EVENTS_PATH,
      { schema, bodyLimit: ANALYTICS_BODY_LIMIT_BYTES },
      async (request, reply) => {
        const { project, body, query } = request
        if (!project) throw new InvalidKeyError()
        refuseNulCharacters([query.sv, ...body.events.map((entry) => entry.properties.wallet)])
        await enforceRateLimit(
          context.rateLimiter,
          `analytics:${project.id}:${clientKeyOf(request)}`,
          ANALYTICS_RATE_LIMIT,
        )
        if (!(await analytics.isEnabled(project.id))) throw new AnalyticsDisabledError()
        const stored = await storeAnalyticsBatch(context.db, {
          projectId: project.id,
          batchId: body.batchId.toLowerCase(),
          sdkVersion: query.sv ?? null,
          events: body.events,
        })
        pruneIfDue(Date.now())
        return reply.code(202).send({ stored })
      },
    )
}
