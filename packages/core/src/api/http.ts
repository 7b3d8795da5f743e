// The one fetch wrapper of the modal's calls to our server (docs/product.md#calls): base URL, SDK
// type, SDK version and project id on every call's query, JSON in and out, a time-out, and the
// caller's abort signal. A non-OK status throws HttpStatusError, 'HTTP status code: {status}'.
// Time is taken from time/clock.ts, so tests drive the time-out with fake timers.
import type { SdkQuery } from '@portico/protocol/sdk-query'
import { PorticoError } from '../errors/portico-error'
import { clock } from '../time/clock'

/** `st` of every call: which SDK is asking. */
export const SDK_TYPE = 'portico'
/** `sv` of every call; @portico/core's version (package.json). */
export const SDK_VERSION = '0.1.0'
/** Ours, not the spec's: how long a call may take, the same as the spec's RPC time-out. */
export const API_REQUEST_TIMEOUT_MS = 10_000

export class HttpStatusError extends PorticoError {
  override name = 'HttpStatusError'
  readonly status: number
  constructor(status: number) {
    super(`HTTP status code: ${status}`)
    this.status = status
  }
}

export class RequestTimeoutError extends PorticoError {
  override name = 'RequestTimeoutError'
  constructor() {
    super('Request timed out')
  }
}

export class InvalidResponseError extends PorticoError {
  override name = 'InvalidResponseError'
  constructor() {
    super('The response is not JSON')
  }
}

/** Lists are sent comma-separated; undefined, null and '' are left out. */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null

export type Query = Record<string, QueryValue>

/**
 * The query of a call to a route whose query the protocol declares as `Q`: `Q`'s own keys only
 * (the SDK parameters are added by the client), so a key renamed in the protocol fails to
 * compile at the call as it does in the server's route; values in the client's own forms.
 */
export type RouteQuery<Q> = { [K in Exclude<keyof Q, keyof SdkQuery>]?: QueryValue }

export interface RequestOptions {
  query?: Query
  signal?: AbortSignal
  /** Defaults to the client's time-out. */
  timeoutMs?: number
}

export interface HttpClient {
  readonly baseUrl: string
  readonly projectId: string
  /** The full URL of `path` with the SDK parameters and `query` (also for <img src>). */
  url(path: string, query?: Query): string
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>
}

export interface HttpClientOptions {
  /** Our server, e.g. `https://api.example.com` (a path prefix is kept). */
  baseUrl: string
  projectId: string
  timeoutMs?: number
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch
}

function queryText(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = Array.isArray(value) ? value.join(',') : String(value)
  return text === '' ? undefined : text
}

/** Aborts on the caller's signal or after `timeoutMs`; `timedOut` tells which. */
function callSignal(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController()
  let timedOut = false
  const timer = clock.setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) onCallerAbort()
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release() {
      clock.clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? API_REQUEST_TIMEOUT_MS

  function url(path: string, query: Query = {}): string {
    const params = new URLSearchParams({
      projectId: options.projectId,
      st: SDK_TYPE,
      sv: SDK_VERSION,
    })
    for (const [name, value] of Object.entries(query)) {
      const text = queryText(value)
      if (text !== undefined) params.set(name, text)
    }
    return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}?${params}`
  }

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    request: RequestOptions,
  ): Promise<T> {
    request.signal?.throwIfAborted()
    const call = callSignal(request.timeoutMs ?? timeoutMs, request.signal)
    const fetchFn = options.fetch ?? globalThis.fetch
    try {
      const response = await fetchFn(url(path, request.query), {
        method,
        headers:
          method === 'POST'
            ? { accept: 'application/json', 'content-type': 'application/json' }
            : { accept: 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        signal: call.signal,
      })
      if (!response.ok) {
        await response.body?.cancel().catch(() => {})
        throw new HttpStatusError(response.status)
      }
      const text = await response.text()
      if (text === '') return undefined as T
      try {
        return JSON.parse(text) as T
      } catch {
        throw new InvalidResponseError()
      }
    } catch (error) {
      if (call.timedOut()) throw new RequestTimeoutError()
      if (request.signal?.aborted) throw request.signal.reason ?? error
      throw error
    } finally {
      call.release()
    }
  }

  return {
    baseUrl,
    projectId: options.projectId,
    url,
    get: (path, request = {}) => send('GET', path, undefined, request),
    post: (path, body, request = {}) => send('POST', path, body, request),
  }
}
