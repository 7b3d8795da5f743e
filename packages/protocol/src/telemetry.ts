// POST /e, error telemetry (docs/product.md#calls): an event id (UUID), the page's url, domain, a
// timestamp (ms since the epoch) and props { type, event, errorType, errorMessage,
// stackTrace }; every field bounded, unknown fields refused. Answered 202 { accepted: true }.
import { type Static, Type } from 'typebox'
import {
  TELEMETRY_DOMAIN_MAX_LENGTH,
  TELEMETRY_ERROR_MESSAGE_MAX_LENGTH,
  TELEMETRY_ERROR_TYPE_MAX_LENGTH,
  TELEMETRY_NAME_MAX_LENGTH,
  TELEMETRY_STACK_TRACE_MAX_LENGTH,
  TELEMETRY_TIMESTAMP_MAX_MS,
  TELEMETRY_URL_MAX_LENGTH,
} from './telemetry-limits'

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
const text = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength })

export const ErrorEventProps = Type.Object(
  {
    type: text(1, TELEMETRY_NAME_MAX_LENGTH),
    event: text(1, TELEMETRY_NAME_MAX_LENGTH),
    errorType: Type.Optional(text(0, TELEMETRY_ERROR_TYPE_MAX_LENGTH)),
    errorMessage: Type.Optional(text(0, TELEMETRY_ERROR_MESSAGE_MAX_LENGTH)),
    stackTrace: Type.Optional(text(0, TELEMETRY_STACK_TRACE_MAX_LENGTH)),
  },
  { additionalProperties: false },
)
export type ErrorEventProps = Static<typeof ErrorEventProps>

export const ErrorEventBody = Type.Object(
  {
    eventId: Type.String({ pattern: UUID }),
    url: text(1, TELEMETRY_URL_MAX_LENGTH),
    domain: text(1, TELEMETRY_DOMAIN_MAX_LENGTH),
    timestamp: Type.Integer({ minimum: 0, maximum: TELEMETRY_TIMESTAMP_MAX_MS }),
    props: ErrorEventProps,
  },
  { additionalProperties: false },
)
export type ErrorEventBody = Static<typeof ErrorEventBody>

export const ErrorEventAccepted = Type.Object({ accepted: Type.Boolean() })
export type ErrorEventAccepted = Static<typeof ErrorEventAccepted>
