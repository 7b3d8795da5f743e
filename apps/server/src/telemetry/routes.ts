// POST /e: error telemetry (docs/product.md#calls). Body eventId (UUID), url, domain, timestamp (ms
// since the epoch) and props { type, event, errorType, errorMessage, stackTrace }; every field
// bounded, unknown fields refused. Rate limited per client (project + IP): 429 with Retry-After
// past the limit. Answers 202 { accepted: true } for a new event and for a replayed one alike;
// a replayed eventId is stored once.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { TELEMETRY_EVENT_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import { ErrorEventAccepted, ErrorEventBody } from '@portico/protocol/telemetry'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import { refuseNulCharacters } from '../http/refuse-nul'
import type { RouteOptions } from '../server-context'
import { TELEMETRY_BODY_LIMIT_BYTES, TELEMETRY_RATE_LIMIT } from '../wallets/wallet-api-constants'
import { storeErrorEvent } from './error-event-store'

const schema = {
  querystring: SdkQuery,
  body: ErrorEventBody,
  response: { 202: ErrorEventAccepted, ...errorResponses },
}

export const telemetryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      TELEMETRY_EVENT_PATH,
      { schema, bodyLimit: TELEMETRY_BODY_LIMIT_BYTES },
      async (request, reply) => {
        const { project } = request
        if (!project) throw new InvalidKeyError()
        const { body, query } = request
        refuseNulCharacters([
          body.url,
          body.domain,
          query.st,
          query.sv,
          ...Object.values(body.props),
        ])
        await enforceRateLimit(
          context.rateLimiter,
          `telemetry:${project.id}:${clientKeyOf(request)}`,
          TELEMETRY_RATE_LIMIT,
        )
        await storeErrorEvent(context.db, {
          projectId: project.id,
          eventId: body.eventId.toLowerCase(),
          sdkType: query.st ?? null,
          sdkVersion: query.sv ?? null,
          url: body.url,
          domain: body.domain,
          timestamp: body.timestamp,
          type: body.props.type,
          event: body.props.event,
          errorType: body.props.errorType ?? null,
          errorMessage: body.props.errorMessage ?? null,
          stackTrace: body.props.stackTrace ?? null,
        })
        return reply.code(202).send({ accepted: true })
      },
    )
}
