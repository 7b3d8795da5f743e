import { describe, expect, it } from 'vitest'
import { MemoryRateLimiter } from './rate-limiter'

describe('MemoryRateLimiter', () => {
  it('admits `limit` hits a window, then refuses until the window ends', async () => {
    let now = 1_699_999_980_000 // a window boundary for 60 s windows
    const limiter = new MemoryRateLimiter(() => now)
    const rule = { limit: 5, windowMs: 60_000 }
    const allowed = []
    for (let hit = 0; hit < 6; hit++) allowed.push((await limiter.consume('client', rule)).allowed)
    expect(allowed).toEqual([true, true, true, true, true, false])

    now += 59_000
    const refused = await limiter.consume('client', rule)
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: 1_000 })

    now += 1_000
    expect(await limiter.consume('client', rule)).toEqual({
      allowed: true,
      remaining: 4,
      retryAfterMs: 60_000,
    })
  })

  it('counts each key on its own', async () => {
    const limiter = new MemoryRateLimiter(() => 0)
    const rule = { limit: 1, windowMs: 1_000 }
    expect((await limiter.consume('a', rule)).allowed).toBe(true)
    expect((await limiter.consume('b', rule)).allowed).toBe(true)
    expect((await limiter.consume('a', rule)).allowed).toBe(false)
  })

  it('holds one entry per key however many windows pass', async () => {
    let now = 0
    const limiter = new MemoryRateLimiter(() => now)
    const rule = { limit: 2, windowMs: 1_000 }
    for (let second = 0; second < 60; second++) {
      now = second * 1_000
      expect((await limiter.consume('a', rule)).allowed).toBe(true)
      expect((await limiter.consume('a', rule)).allowed).toBe(true)
      expect(await limiter.consume('a', rule)).toEqual({
        allowed: false,
        remaining: 0,
        retryAfterMs: 1_000,
      })
      await limiter.consume('b', rule)
    }
    expect(limiter.size).toBe(2)
  })
})
