// Fixed-window rate limits: at most `limit` hits per key in each window of `windowMs`, windows
// aligned to the clock so every server instance counts in the same window.
import { type Clock, systemClock } from './cache'
import { LruMap } from './lru-map'

export interface RateLimit {
  limit: number
  windowMs: number
}

export interface RateLimitDecision {
  allowed: boolean
  /** Hits left in this window after this one. */
  remaining: number
  /** Until the window ends. */
  retryAfterMs: number
}

export interface RateLimiter {
  /** Counts one hit for `key` and says whether it is within the limit. */
  consume(key: string, rule: RateLimit): Promise<RateLimitDecision>
}

export function windowOf(now: number, windowMs: number): { start: number; endsInMs: number } {
  const start = Math.floor(now / windowMs) * windowMs
  return { start, endsInMs: start + windowMs - now }
}

export function decide(count: number, rule: RateLimit, endsInMs: number): RateLimitDecision {
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterMs: endsInMs,
  }
}

/** Most keys tracked at once; past it the least recently hit key starts over. */
const MEMORY_RATE_LIMIT_KEYS = 100_000

export class MemoryRateLimiter implements RateLimiter {
  readonly #counts: LruMap<number>

  constructor(readonly clock: Clock = systemClock) {
    this.#counts = new LruMap(MEMORY_RATE_LIMIT_KEYS, clock)
  }

  async consume(key: string, rule: RateLimit): Promise<RateLimitDecision> {
    const window = windowOf(this.clock(), rule.windowMs)
    const windowKey = `${key}:${window.start}`
    const count = (this.#counts.get(windowKey) ?? 0) + 1
    this.#counts.set(windowKey, count, window.endsInMs)
    return decide(count, rule, window.endsInMs)
  }
}
