// The one client for calls from the server to chain RPC upstreams. It owns the spec's retry
// policy (docs/product.md#calls): up to 3 retries, exponential delay from 150 ms (150/300/600), the
// upstream's Retry-After when it sends one, on statuses 403, 408, 413, 429, 500, 502, 503,
// 504 and on connection failures; the RPC time-out (docs/product.md#constants: 10 s) bounds the
// whole call, retries and waits included, since the caller gives up after it anyway.
import type { Clock } from '../cache/cache'
import { RPC_RETRY_STATUSES } from '../constants'
import { UpstreamError, UpstreamTimeoutError } from '../errors'
import type { UpstreamPolicy } from './chain-upstream'
import { parseRetryAfter } from './retry-after'

export interface UpstreamAnswer {
  status: number
  body: string
}

export interface UpstreamClientDeps {
  fetch?: typeof fetch
  /** Waits between attempts; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>
  clock?: Clock
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

type Attempt =
  | { kind: 'answer'; answer: UpstreamAnswer }
  | { kind: 'retriable'; reason: string; retryAfterMs: number | undefined }

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

export class UpstreamClient {
  readonly #fetch: typeof fetch
  readonly #sleep: (ms: number) => Promise<void>
  readonly #clock: Clock

  constructor(
    readonly policy: UpstreamPolicy,
    deps: UpstreamClientDeps = {},
  ) {
    this.#fetch = deps.fetch ?? fetch
    this.#sleep = deps.sleep ?? realSleep
    this.#clock = deps.clock ?? Date.now
  }

  /**
   * POSTs a JSON body and gives back the first answer that is not to be retried (any status).
   * Throws UpstreamError when every attempt failed, UpstreamTimeoutError past the time-out.
   */
  async postJson(url: string, body: string): Promise<UpstreamAnswer> {
    const deadline = this.#clock() + this.policy.timeoutMs
    for (let retry = 0; ; retry++) {
      const attempt = await this.#attempt(url, body, deadline)
      if (attempt.kind === 'answer') return attempt.answer
      if (retry >= this.policy.retryCount) throw new UpstreamError(attempt.reason)
      const delay = attempt.retryAfterMs ?? this.policy.retryDelayMs * 2 ** retry
      // A wait that would end past the time-out cannot lead to an answer in time.
      if (this.#clock() + delay >= deadline) throw new UpstreamError(attempt.reason)
      await this.#sleep(delay)
    }
  }

  async #attempt(url: string, body: string, deadline: number): Promise<Attempt> {
    const remaining = deadline - this.#clock()
    if (remaining <= 0) throw new UpstreamTimeoutError()
    try {
      const response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(remaining),
      })
      if (RPC_RETRY_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => {})
        return {
          kind: 'retriable',
          reason: `status ${response.status}`,
          retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.#clock()),
        }
      }
      return { kind: 'answer', answer: { status: response.status, body: await response.text() } }
    } catch (error) {
      if (isTimeout(error)) throw new UpstreamTimeoutError()
      return { kind: 'retriable', reason: 'upstream unreachable', retryAfterMs: undefined }
    }
  }
}
