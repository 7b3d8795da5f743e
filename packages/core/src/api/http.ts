// The one fetch wrapper of the modal's calls to our server (docs/product.md#calls): base URL, SDK
// type, SDK version and project id on every call's query, JSON in and out, a time-out, and the
// caller's abort signal. A non-OK status throws HttpStatusError, 'HTTP status code: {status}'.
// `exchange` is for the calls that read a refusal or a status themselves (sign-in, the Farcaster
// channel): any method, a bearer token, and the answer of any status.
// Time is taken from time/clock.ts, so tests drive the time-out with fake timers.
import type { SdkQuery } from '@portico/protocol/sdk-query'
import { PorticoError } from '../errors/portico-error'
import { clock } from '../time/clock'
import { providerAlertOf } from './provider-alerts'

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

export type HttpMethod = 'GET' | 'POST' | 'DELETE'

export interface ExchangeOptions extends RequestOptions {
  method: HttpMethod
  /** Sent as JSON; none when undefined. */
  body?: unknown
  /** Sent as `authorization: Bearer {token}`. */
  token?: string
}

/** An answer of any status; its body parsed as JSON, undefined when empty (or, refused, not JSON). */
export interface HttpAnswer {
  status: number
  ok: boolean
  body: unknown
}

export interface HttpExchange {
  exchange(path: string, options: ExchangeOptions): Promise<HttpAnswer>
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
  /** Told the alert for a refusal that means the page is misconfigured (provider-alerts.ts). */
  onAlert?: (alert: string) => void
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

export function createHttpClient(options: HttpClientOptions): HttpClient & HttpExchange {
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

  /** One call within the time-out; `read` takes the answer while the time-out still runs. */
  async function call<T>(
    path: string,
    request: ExchangeOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    request.signal?.throwIfAborted()
    const call = callSignal(request.timeoutMs ?? timeoutMs, request.signal)
    const fetchFn = options.fetch ?? globalThis.fetch
    const headers: Record<string, string> = { accept: 'application/json' }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`
    try {
      const response = await fetchFn(url(path, request.query), {
        method: request.method,
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: call.signal,
      })
      return await read(response)
    } catch (error) {
      if (call.timedOut()) throw new RequestTimeoutError()
      if (request.signal?.aborted) throw request.signal.reason ?? error
      throw error
    } finally {
      call.release()
    }
  }

  /** The body as JSON; a 2xx answer that is not JSON throws, a refusal's is undefined. */
  async function bodyOf(response: Response): Promise<unknown> {
    const text = await response.text()
    if (text === '') return undefined
    try {
      return JSON.parse(text)
    } catch {
      if (response.ok) throw new InvalidResponseError()
      return undefined
    }
  }

  function send<T>(path: string, request: ExchangeOptions): Promise<T> {
    return call(path, request, async (response) => {
      if (!response.ok) {
        // Only the project guard's refusals (401, 403) are read: another's body is not needed.
        if (response.status === 401 || response.status === 403) {
          const alert = providerAlertOf(await bodyOf(response).catch(() => undefined))
          if (alert) options.onAlert?.(alert)
        } else {
          await response.body?.cancel().catch(() => {})
        }
        throw new HttpStatusError(response.status)
      }
      return (await bodyOf(response)) as T
    })
  }

  return {
    baseUrl,
    projectId: options.projectId,
    url,
    get: (path, request = {}) => send(path, { ...request, method: 'GET' }),
    post: (path, body, request = {}) => send(path, { ...request, method: 'POST', body }),
    exchange: (path, request) =>
      call(path, request, async (response) => ({
        status: response.status,
        ok: response.ok,
        body: await bodyOf(response),
      })),
  }
}
