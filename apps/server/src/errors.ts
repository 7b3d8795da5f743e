// Every error the server answers with is declared the same way, by defineServerError: the status
// it is answered with, a stable code for programs and the message people read (the spec's words
// where the spec has them). The error handler turns them into `{ error: { code, message } }`.
// Each kind is still its own class, so `instanceof` tells kinds apart and a log names the kind.

import { RPC_NOT_ALLOWED_MESSAGE } from '@portico/protocol/embedded-wallet-rpc-methods'
import { ORIGIN_NOT_ALLOWED_MESSAGE } from '@portico/protocol/error-answer'

export abstract class ServerError extends Error {
  abstract readonly status: number
  abstract readonly code: string
  /** Headers the answer carries besides the body (Retry-After of a 429). */
  readonly headers: Readonly<Record<string, string>> = {}
}

export interface ServerErrorKind<Args extends unknown[]> {
  /** The class name a log shows. */
  name: string
  status: number
  code: string
  /** The message, or how the constructor's arguments write it. */
  message: string | ((...args: Args) => string)
  /** Headers the answer carries, written from the constructor's arguments. */
  headers?: (...args: Args) => Readonly<Record<string, string>>
}

/** A class for one kind of error; `new Kind(...args)` takes what its message needs. */
export function defineServerError<Args extends unknown[] = []>(kind: ServerErrorKind<Args>) {
  return class extends ServerError {
    override readonly name = kind.name
    readonly status = kind.status
    readonly code = kind.code
    override readonly headers: Readonly<Record<string, string>>
    constructor(...args: Args) {
      super(typeof kind.message === 'string' ? kind.message : kind.message(...args))
      this.headers = kind.headers?.(...args) ?? {}
    }
  }
}

export const InvalidKeyError = defineServerError({
  name: 'InvalidKeyError',
  status: 401,
  code: 'INVALID_KEY',
  message: 'Unauthorized: invalid key',
})

export const OriginNotAllowedError = defineServerError({
  name: 'OriginNotAllowedError',
  status: 403,
  code: 'ORIGIN_NOT_ALLOWED',
  message: ORIGIN_NOT_ALLOWED_MESSAGE,
})

export const InvalidChainIdError = defineServerError({
  name: 'InvalidChainIdError',
  status: 400,
  code: 'INVALID_CHAIN_ID',
  message: 'Invalid CAIP-2 network id',
})

export const UnsupportedChainError = defineServerError({
  name: 'UnsupportedChainError',
  status: 400,
  code: 'UNSUPPORTED_CHAIN',
  message: 'Chain is not supported',
})

/** Status 400, not 403: RPC clients retry on 403 (docs/product.md#calls); retrying cannot help. */
export const RpcMethodNotAllowedError = defineServerError({
  name: 'RpcMethodNotAllowedError',
  status: 400,
  code: 'RPC_METHOD_NOT_ALLOWED',
  message: RPC_NOT_ALLOWED_MESSAGE,
})

/** The thrower writes the message: it says what is wrong with the request. */
export const InvalidRequestError = defineServerError({
  name: 'InvalidRequestError',
  status: 400,
  code: 'INVALID_REQUEST',
  message: (message: string) => message,
})

export const UnsupportedMediaTypeError = defineServerError({
  name: 'UnsupportedMediaTypeError',
  status: 415,
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Request body must be JSON (content-type: application/json)',
})

export const InvalidOriginPatternError = defineServerError({
  name: 'InvalidOriginPatternError',
  status: 400,
  code: 'INVALID_ORIGIN_PATTERN',
  message: (pattern: string) => `Invalid origin pattern: ${JSON.stringify(pattern)}`,
})

export const ProjectNotFoundError = defineServerError({
  name: 'ProjectNotFoundError',
  status: 404,
  code: 'PROJECT_NOT_FOUND',
  message: (id: string) => `Project not found: ${id}`,
})

export const BodyTooLargeError = defineServerError({
  name: 'BodyTooLargeError',
  status: 413,
  code: 'BODY_TOO_LARGE',
  message: 'Request body is too large',
})

export const NotFoundError = defineServerError({
  name: 'NotFoundError',
  status: 404,
  code: 'NOT_FOUND',
  message: 'Not found',
})

export const AdminUnauthorizedError = defineServerError({
  name: 'AdminUnauthorizedError',
  status: 401,
  code: 'ADMIN_UNAUTHORIZED',
  message: 'Unauthorized: invalid admin token',
})

/** The upstream kept failing (or answered something that is not JSON). */
export const UpstreamError = defineServerError({
  name: 'UpstreamError',
  status: 502,
  code: 'UPSTREAM_ERROR',
  message: (detail: string) => `Upstream RPC request failed: ${detail}`,
})

export const UpstreamTimeoutError = defineServerError({
  name: 'UpstreamTimeoutError',
  status: 504,
  code: 'UPSTREAM_TIMEOUT',
  message: 'Upstream RPC request timed out',
})

export const DatabaseUnavailableError = defineServerError({
  name: 'DatabaseUnavailableError',
  status: 503,
  code: 'DATABASE_UNAVAILABLE',
  message: 'Database unavailable',
})

export const CacheUnavailableError = defineServerError({
  name: 'CacheUnavailableError',
  status: 503,
  code: 'CACHE_UNAVAILABLE',
  message: 'Cache unavailable',
})

export const InternalError = defineServerError({
  name: 'InternalError',
  status: 500,
  code: 'INTERNAL_ERROR',
  message: 'Internal server error',
})

/** A project whose operator turned analytics off: its tracked events are not kept. */
export const AnalyticsDisabledError = defineServerError({
  name: 'AnalyticsDisabledError',
  status: 403,
  code: 'ANALYTICS_DISABLED',
  message: 'Analytics are turned off for this project',
})

export const RateLimitedError = defineServerError({
  name: 'RateLimitedError',
  status: 429,
  code: 'RATE_LIMITED',
  message: (retryAfterSeconds: number) =>
    `Too many requests; try again in ${retryAfterSeconds} seconds`,
  headers: (retryAfterSeconds: number) => ({ 'retry-after': String(retryAfterSeconds) }),
})
