// Fixed-window rate limits counted in Redis, so every server instance sees the same counts.
import type { Redis } from 'ioredis'
import { type Clock, systemClock } from './cache'
import {
  decide,
  type RateLimit,
  type RateLimitDecision,
  type RateLimiter,
  windowOf,
} from './rate-limiter'

// Count and set the expiry in one step, so a counter never outlives its window.
const COUNT_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`

export class RedisRateLimiter implements RateLimiter {
  constructor(
    readonly redis: Redis,
    readonly keyPrefix: string,
    readonly clock: Clock = systemClock,
  ) {}

  async consume(key: string, rule: RateLimit): Promise<RateLimitDecision> {
    const window = windowOf(this.clock(), rule.windowMs)
    const redisKey = `${this.keyPrefix}ratelimit:${key}:${window.start}`
    const count = Number(await this.redis.eval(COUNT_HIT, 1, redisKey, String(rule.windowMs)))
    return decide(count, rule, window.endsInMs)
  }
}
