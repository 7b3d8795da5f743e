import { describe, expect, it } from 'vitest'
import {
  CACHE_SIZE,
  CACHE_TTL_IDENTITY_MS,
  CACHE_TTL_NAME_LOOKUP_MS,
  CACHE_TTL_NATIVE_BALANCE_MS,
  CACHE_TTL_PORTFOLIO_MS,
} from '../constants'
import { MemoryCache } from './memory-cache'

function manualClock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('MemoryCache', () => {
  it("keeps the spec's lifetimes and size", () => {
    expect(CACHE_TTL_PORTFOLIO_MS).toBe(30_000)
    expect(CACHE_TTL_NATIVE_BALANCE_MS).toBe(30_000)
    expect(CACHE_TTL_NAME_LOOKUP_MS).toBe(300_000)
    expect(CACHE_TTL_IDENTITY_MS).toBe(300_000)
    expect(CACHE_SIZE).toBe(8192)
  })

  it('forgets an entry when its lifetime ends', async () => {
    const clock = manualClock()
    const cache = new MemoryCache(CACHE_SIZE, clock.now)
    await cache.set('portfolio:0xabc', { total: 12 }, CACHE_TTL_PORTFOLIO_MS)
    clock.advance(CACHE_TTL_PORTFOLIO_MS - 1)
    expect(await cache.get('portfolio:0xabc')).toEqual({ total: 12 })
    clock.advance(1)
    expect(await cache.get('portfolio:0xabc')).toBeUndefined()
  })

  it('holds 8192 entries and forgets the least recently used first', async () => {
    const cache = new MemoryCache()
    for (let index = 0; index < CACHE_SIZE; index++) await cache.set(`k${index}`, index, 60_000)
    expect(await cache.get('k0')).toBe(0) // k0 is now the most recently used
    await cache.set('one more', true, 60_000)
    expect(cache.size).toBe(CACHE_SIZE)
    expect(await cache.get('k0')).toBe(0)
    expect(await cache.get('k1')).toBeUndefined()
    expect(await cache.get('one more')).toBe(true)
  })

  it('gives back copies, so a caller cannot change what is cached', async () => {
    const cache = new MemoryCache()
    const value = { list: [1, 2] }
    await cache.set('v', value, 1_000)
    value.list.push(3)
    const read = await cache.get<{ list: number[] }>('v')
    read?.list.push(4)
    expect(await cache.get('v')).toEqual({ list: [1, 2] })
  })

  it('deletes', async () => {
    const cache = new MemoryCache()
    await cache.set('gone', 1, 1_000)
    await cache.delete('gone')
    expect(await cache.get('gone')).toBeUndefined()
  })
})
