// The bounds of an error event's fields (POST /e). The server refuses a longer field; the
// modal cuts its fields to them first, so a long stack trace is shortened rather than lost.
// No schema library here: the browser imports this module.

export const TELEMETRY_URL_MAX_LENGTH = 2048
export const TELEMETRY_DOMAIN_MAX_LENGTH = 253
export const TELEMETRY_NAME_MAX_LENGTH = 64
export const TELEMETRY_ERROR_TYPE_MAX_LENGTH = 128
export const TELEMETRY_ERROR_MESSAGE_MAX_LENGTH = 2000
export const TELEMETRY_STACK_TRACE_MAX_LENGTH = 8000
/** Latest timestamp a JavaScript Date can hold, in ms since the epoch. */
export const TELEMETRY_TIMESTAMP_MAX_MS = 8_640_000_000_000_000
