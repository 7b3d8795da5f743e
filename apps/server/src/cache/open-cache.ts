// Cache and rate limiter: in process by default, in Redis when a URL is given.
import { Redis } from 'ioredis'
import type { Cache, Clock } from './cache'
import { MemoryCache } from './memory-cache'
import { MemoryRateLimiter, type RateLimiter } from './rate-limiter'
import { RedisCache } from './redis-cache'
import { RedisRateLimiter } from './redis-rate-limiter'

export interface CacheStores {
  cache: Cache
  rateLimiter: RateLimiter
  /** The Redis connection, when there is one (health checks ping it). */
  redis: Redis | undefined
  close(): Promise<void>
}

export async function openCacheStores(options: {
  redisUrl: string | undefined
  keyPrefix: string
  /** Rate-limit windows follow it, so tests that move the server's clock move them too. */
  clock?: Clock
}): Promise<CacheStores> {
  if (!options.redisUrl) {
    return {
      cache: new MemoryCache(),
      rateLimiter: new MemoryRateLimiter(options.clock),
      redis: undefined,
      async close() {},
    }
  }
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
  })
  // ioredis reconnects on its own; an 'error' event without a listener would crash the process.
  redis.on('error', () => {})
  try {
    await redis.connect() // fail at start, not on the first request
  } catch (error) {
    redis.disconnect()
    throw error
  }
  return {
    cache: new RedisCache(redis, `${options.keyPrefix}cache:`),
    rateLimiter: new RedisRateLimiter(redis, options.keyPrefix, options.clock),
    redis,
    async close() {
      if (redis.status === 'end') return
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
