// POST /e : error telemetry (spec section 7). Body: eventId (UUID), url, domain, timestamp (ms
// since the epoch) and props { type, event, errorType, errorMessage, stackTrace }; every field
// bounded, unknown fields refused. Rate limited per client (project + IP): 429 with Retry-After
// past the limit. Answers 202 { accepted: true } for a new event and for a replayed one alike;
// a replayed eventId is stored once.
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError, InvalidRequestError } from '../errors'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import type { RouteOptions } from '../server-context'
import { sdkQueryProperties } from '../wallets/sdk-query-schema'
import {
  TELEMETRY_BODY_LIMIT_BYTES,
  TELEMETRY_DOMAIN_MAX_LENGTH,
  TELEMETRY_ERROR_MESSAGE_MAX_LENGTH,
  TELEMETRY_ERROR_TYPE_MAX_LENGTH,
  TELEMETRY_NAME_MAX_LENGTH,
  TELEMETRY_RATE_LIMIT,
  TELEMETRY_STACK_TRACE_MAX_LENGTH,
  TELEMETRY_TIMESTAMP_MAX_MS,
  TELEMETRY_URL_MAX_LENGTH,
} from '../wallets/wallet-api-constants'
import { storeErrorEvent } from './error-event-store'

interface ErrorEventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: {
    type: string
    event: string
    errorType?: string
    errorMessage?: string
    stackTrace?: string
  }
}

interface ErrorEventQuery {
  projectId: string
  st?: string
  sv?: string
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
const text = (minLength: number, maxLength: number) =>
  ({ type: 'string', minLength, maxLength }) as const

const schema = {
  querystring: { type: 'object', required: ['projectId'], properties: sdkQueryProperties },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['eventId', 'url', 'domain', 'timestamp', 'props'],
    properties: {
      eventId: { type: 'string', pattern: UUID },
      url: text(1, TELEMETRY_URL_MAX_LENGTH),
      domain: text(1, TELEMETRY_DOMAIN_MAX_LENGTH),
      timestamp: { type: 'integer', minimum: 0, maximum: TELEMETRY_TIMESTAMP_MAX_MS },
      props: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'event'],
        properties: {
          type: text(1, TELEMETRY_NAME_MAX_LENGTH),
          event: text(1, TELEMETRY_NAME_MAX_LENGTH),
          errorType: text(0, TELEMETRY_ERROR_TYPE_MAX_LENGTH),
          errorMessage: text(0, TELEMETRY_ERROR_MESSAGE_MAX_LENGTH),
          stackTrace: text(0, TELEMETRY_STACK_TRACE_MAX_LENGTH),
        },
      },
    },
  },
  response: {
    202: {
      type: 'object',
      required: ['accepted'],
      properties: { accepted: { type: 'boolean' } },
    },
    ...errorResponses,
  },
} as const

/** PostgreSQL text cannot hold NUL; such a field is refused, not mangled. */
function refuseNul(body: ErrorEventBody, query: ErrorEventQuery): void {
  const fields = [body.url, body.domain, query.st, query.sv, ...Object.values(body.props)]
  if (fields.some((field) => typeof field === 'string' && field.includes('\u0000'))) {
    throw new InvalidRequestError('Invalid request: text fields must not contain NUL characters')
  }
}

export const postErrorEventRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.post<{ Body: ErrorEventBody; Querystring: ErrorEventQuery }>(
    '/e',
    { schema, bodyLimit: TELEMETRY_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const { project } = request
      if (!project) throw new InvalidKeyError()
      const { body, query } = request
      refuseNul(body, query)
      await enforceRateLimit(
        context.rateLimiter,
        `telemetry:${project.id}:${request.ip}`,
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
