// Runs only with REDIS_URL (vitest.config.ts selects *.redis.test.ts files).
// Runs when REDIS_URL is set: the Redis cache and rate limiter behave like the in-process ones,
// and several instances (servers) agree.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CacheStores, openCacheStores } from './open-cache'
import { RedisRateLimiter } from './redis-rate-limiter'

const redisUrl = process.env.REDIS_URL

describe('Redis cache and rate limiter', () => {
  const keyPrefix = `portico-test:${randomBytes(6).toString('hex')}:`
  let one: CacheStores
  let two: CacheStores
  beforeAll(async () => {
    one = await openCacheStores({ redisUrl, keyPrefix })
    two = await openCacheStores({ redisUrl, keyPrefix })
  })
  afterAll(async () => {
    const keys = (await one?.redis?.keys(`${keyPrefix}*`)) ?? []
    if (keys.length > 0) await one.redis?.del(...keys)
    await Promise.all([one?.close(), two?.close()])
  })

  it('shares entries between instances, with their lifetime set in Redis', async () => {
    await one.cache.set('identity:0xabc', { name: 'alice.eth' }, 300_000)
    expect(await two.cache.get('identity:0xabc')).toEqual({ name: 'alice.eth' })
    const ttl = await one.redis?.pttl(`${keyPrefix}cache:identity:0xabc`)
    expect(ttl).toBeGreaterThan(290_000)
    expect(ttl).toBeLessThanOrEqual(300_000)
    await two.cache.delete('identity:0xabc')
    expect(await one.cache.get('identity:0xabc')).toBeUndefined()
  })

  it('counts hits of every instance against one limit', async () => {
    const rule = { limit: 3, windowMs: 60_000 }
    const decisions = [
      await one.rateLimiter.consume('client-a', rule),
      await two.rateLimiter.consume('client-a', rule),
      await one.rateLimiter.consume('client-a', rule),
      await two.rateLimiter.consume('client-a', rule),
    ]
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false])
    expect(decisions.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0])
    expect((await one.rateLimiter.consume('client-b', rule)).allowed).toBe(true)
  })

  it('starts a new count in the next window', async () => {
    let now = 1_700_000_000_000
    const redis = one.redis
    if (!redis) throw new Error('no redis')
    const limiter = new RedisRateLimiter(redis, keyPrefix, () => now)
    const rule = { limit: 1, windowMs: 1_000 }
    expect((await limiter.consume('client-c', rule)).allowed).toBe(true)
    expect((await limiter.consume('client-c', rule)).allowed).toBe(false)
    now += 1_000
    expect((await limiter.consume('client-c', rule)).allowed).toBe(true)
  })

  it('refuses to start when Redis cannot be reached', async () => {
    await expect(openCacheStores({ redisUrl: 'redis://127.0.0.1:9', keyPrefix })).rejects.toThrow()
  })
})
