// The one way a route refuses a caller over its rate limit: a 429 with Retry-After, counted by
// the shared limiter (in-process, or Redis across instances).
import type { RateLimit, RateLimiter } from '../cache/rate-limiter'
import { CacheUnavailableError, RateLimitedError, type ServerError } from '../errors'

const tooManyRequests = (retryAfterSeconds: number): ServerError =>
  new RateLimitedError(retryAfterSeconds)

/**
 * Counts one hit for `key`; past the limit throws what `refuse` makes (RateLimitedError unless
 * the route has a refusal of its own).
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimit,
  refuse: (retryAfterSeconds: number) => ServerError = tooManyRequests,
): Promise<void> {
  const decision = await limiter.consume(key, rule).catch(() => {
    throw new CacheUnavailableError()
  })
  if (!decision.allowed) throw refuse(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)))
}
