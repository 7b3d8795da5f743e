// The cache in Redis, shared by every server instance. Redis evicts by its own policy
// (configure maxmemory-policy allkeys-lru); entries expire after their lifetime.
import type { Redis } from 'ioredis'
import type { Cache } from './cache'

export class RedisCache implements Cache {
  constructor(
    readonly redis: Redis,
    readonly keyPrefix: string,
  ) {}

  async get<T>(key: string): Promise<T | undefined> {
    const text = await this.redis.get(this.keyPrefix + key)
    return text === null ? undefined : (JSON.parse(text) as T)
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    if (ttlMs <= 0 || value === undefined) {
      await this.delete(key)
      return
    }
    await this.redis.set(this.keyPrefix + key, JSON.stringify(value), 'PX', Math.ceil(ttlMs))
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.keyPrefix + key)
  }
}
