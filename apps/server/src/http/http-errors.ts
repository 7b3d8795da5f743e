// The refusals of HTTP itself: a request that does not arrive whole in time, headers (the URI
// included) over the size limit, a request arriving while the server closes. Node's parser or
// Fastify raise them around the error handler (client-error.ts, shutdown-refusal.ts answer
// those); they keep the server's error shape.
import { defineServerError } from '../errors'

export const RequestTimeoutError = defineServerError({
  name: 'RequestTimeoutError',
  status: 408,
  code: 'REQUEST_TIMEOUT',
  message: 'Request timed out: it did not arrive whole in time',
})

export const HeadersTooLargeError = defineServerError({
  name: 'HeadersTooLargeError',
  status: 431,
  code: 'HEADERS_TOO_LARGE',
  message: 'Request headers are too large',
})

export const ShuttingDownError = defineServerError({
  name: 'ShuttingDownError',
  status: 503,
  code: 'SHUTTING_DOWN',
  message: 'The server is shutting down: try again',
})
