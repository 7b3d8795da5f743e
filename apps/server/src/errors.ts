// One class per kind of error the server answers with. Each carries the status it is answered
// with, a stable code for programs and the message people read (the spec's words where the
// spec has them). The error handler turns them into `{ error: { code, message } }`.

export abstract class ServerError extends Error {
  abstract readonly status: number
  abstract readonly code: string
  /** Headers the answer carries besides the body (Retry-After of a 429). */
  readonly headers: Readonly<Record<string, string>> = {}
}

export class InvalidKeyError extends ServerError {
  override readonly name = 'InvalidKeyError'
  readonly status = 401
  readonly code = 'INVALID_KEY'
  constructor() {
    super('Unauthorized: invalid key')
  }
}

export class OriginNotAllowedError extends ServerError {
  override readonly name = 'OriginNotAllowedError'
  readonly status = 403
  readonly code = 'ORIGIN_NOT_ALLOWED'
  constructor() {
    super('Unauthorized: origin not allowed')
  }
}

export class InvalidChainIdError extends ServerError {
  override readonly name = 'InvalidChainIdError'
  readonly status = 400
  readonly code = 'INVALID_CHAIN_ID'
  constructor() {
    super('Invalid CAIP-2 network id')
  }
}

export class UnsupportedChainError extends ServerError {
  override readonly name = 'UnsupportedChainError'
  readonly status = 400
  readonly code = 'UNSUPPORTED_CHAIN'
  constructor() {
    super('Chain is not supported')
  }
}

/** Status 400, not 403: RPC clients retry on 403 (docs/product.md#calls); retrying cannot help. */
export class RpcMethodNotAllowedError extends ServerError {
  override readonly name = 'RpcMethodNotAllowedError'
  readonly status = 400
  readonly code = 'RPC_METHOD_NOT_ALLOWED'
  constructor() {
    super('Requested RPC call is not allowed')
  }
}

export class InvalidRequestError extends ServerError {
  override readonly name = 'InvalidRequestError'
  readonly status = 400
  readonly code = 'INVALID_REQUEST'
}

export class UnsupportedMediaTypeError extends ServerError {
  override readonly name = 'UnsupportedMediaTypeError'
  readonly status = 415
  readonly code = 'UNSUPPORTED_MEDIA_TYPE'
  constructor() {
    super('Request body must be JSON (content-type: application/json)')
  }
}

export class InvalidOriginPatternError extends ServerError {
  override readonly name = 'InvalidOriginPatternError'
  readonly status = 400
  readonly code = 'INVALID_ORIGIN_PATTERN'
  constructor(pattern: string) {
    super(`Invalid origin pattern: ${JSON.stringify(pattern)}`)
  }
}

export class ProjectNotFoundError extends ServerError {
  override readonly name = 'ProjectNotFoundError'
  readonly status = 404
  readonly code = 'PROJECT_NOT_FOUND'
  constructor(id: string) {
    super(`Project not found: ${id}`)
  }
}

export class BodyTooLargeError extends ServerError {
  override readonly name = 'BodyTooLargeError'
  readonly status = 413
  readonly code = 'BODY_TOO_LARGE'
  constructor() {
    super('Request body is too large')
  }
}

export class NotFoundError extends ServerError {
  override readonly name = 'NotFoundError'
  readonly status = 404
  readonly code = 'NOT_FOUND'
  constructor() {
    super('Not found')
  }
}

export class AdminUnauthorizedError extends ServerError {
  override readonly name = 'AdminUnauthorizedError'
  readonly status = 401
  readonly code = 'ADMIN_UNAUTHORIZED'
  constructor() {
    super('Unauthorized: invalid admin token')
  }
}

/** The upstream kept failing (or answered something that is not JSON). */
export class UpstreamError extends ServerError {
  override readonly name = 'UpstreamError'
  readonly status = 502
  readonly code = 'UPSTREAM_ERROR'
  constructor(detail: string) {
    super(`Upstream RPC request failed: ${detail}`)
  }
}

export class UpstreamTimeoutError extends ServerError {
  override readonly name = 'UpstreamTimeoutError'
  readonly status = 504
  readonly code = 'UPSTREAM_TIMEOUT'
  constructor() {
    super('Upstream RPC request timed out')
  }
}

export class DatabaseUnavailableError extends ServerError {
  override readonly name = 'DatabaseUnavailableError'
  readonly status = 503
  readonly code = 'DATABASE_UNAVAILABLE'
  constructor() {
    super('Database unavailable')
  }
}

export class CacheUnavailableError extends ServerError {
  override readonly name = 'CacheUnavailableError'
  readonly status = 503
  readonly code = 'CACHE_UNAVAILABLE'
  constructor() {
    super('Cache unavailable')
  }
}

export class InternalError extends ServerError {
  override readonly name = 'InternalError'
  readonly status = 500
  readonly code = 'INTERNAL_ERROR'
  constructor() {
    super('Internal server error')
  }
}

export class RateLimitedError extends ServerError {
  override readonly name = 'RateLimitedError'
  readonly status = 429
  readonly code = 'RATE_LIMITED'
  override readonly headers: Readonly<Record<string, string>>
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests; try again in ${retryAfterSeconds} seconds`)
    this.headers = { 'retry-after': String(retryAfterSeconds) }
  }
}
