// The refusals of HTTP itself: a request that does not arrive whole in time, headers (the URI
// included) over the size limit, a request arriving while the server closes. Node's parser or
// Fastify raise them around the error handler (client-error.ts, shutdown-refusal.ts answer
// those); they keep the server's error shape.
import { ServerError } from '../errors'

export class RequestTimeoutError extends ServerError {
  override readonly name = 'RequestTimeoutError'
  readonly status = 408
  readonly code = 'REQUEST_TIMEOUT'
  constructor() {
    super('Request timed out: it did not arrive whole in time')
  }
}

export class HeadersTooLargeError extends ServerError {
  override readonly name = 'HeadersTooLargeError'
  readonly status = 431
  readonly code = 'HEADERS_TOO_LARGE'
  constructor() {
    super('Request headers are too large')
  }
}

export class ShuttingDownError extends ServerError {
  override readonly name = 'ShuttingDownError'
  readonly status = 503
  readonly code = 'SHUTTING_DOWN'
  constructor() {
    super('The server is shutting down: try again')
  }
}
