// The one way a route refuses a caller over its rate limit: a 429 with Retry-After, counted by
// the shared limiter (in-process, or Redis across instances).
import type { RateLimit, RateLimiter } from '../cache/rate-limiter'
import { CacheUnavailableError, RateLimitedError } from '../errors'

/** Counts one hit for `key`; throws RateLimitedError past the limit. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimit,
): Promise<void> {
  const decision = await limiter.consume(key, rule).catch(() => {
    throw new CacheUnavailableError()
  })
  if (!decision.allowed) {
    throw new RateLimitedError(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)))
  }
}
