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

/** A key's count in its current window. */
interface WindowCount {
  start: number
  count: number
}

export class MemoryRateLimiter implements RateLimiter {
  /**
   * One entry per key, counting in the key's current window: a key per window instead left
   * every past window's entry behind until the map was full (a relay client publishing for a
   * minute left 60), and the relay's thread kept copying them between heap generations.
   */
  readonly #windows: LruMap<WindowCount>

  constructor(readonly clock: Clock = systemClock) {
    this.#windows = new LruMap(MEMORY_RATE_LIMIT_KEYS, clock)
  }

  /** How many keys it holds (tests). */
  get size(): number {
    return this.#windows.size
  }

  async consume(key: string, rule: RateLimit): Promise<RateLimitDecision> {
    const window = windowOf(this.clock(), rule.windowMs)
    const held = this.#windows.get(key)
    if (held?.start === window.start) {
      held.count += 1
      return decide(held.count, rule, window.endsInMs)
    }
    this.#windows.set(key, { start: window.start, count: 1 }, window.endsInMs)
    return decide(1, rule, window.endsInMs)
  }
}
