// An address's publish budget over seconds of a fake clock: what does not fit waits for the next
// second, and sockets that wait take the budget in turn.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayAddress } from './relay-addresses'
import { DEFAULT_RELAY_CONFIG } from './relay-config'

const limits = {
  ...DEFAULT_RELAY_CONFIG.limits,
  publishesPerAddressPerSecond: 2,
  publishedCharsPerAddressPerSecond: 100,
}

describe('an address publish budget', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-12-06T12:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const address = () => new RelayAddress('127.0.0.9', limits, () => Date.now())

  it('takes what fits in this second, and says whether the rest fits a later one', () => {
    const budget = address()
    expect(budget.takePublishes(1, 60)).toBe('taken')
    expect(budget.takePublishes(1, 60)).toBe('spent')
    expect(budget.takePublishes(1, 40)).toBe('taken')
    expect(budget.takePublishes(1, 1)).toBe('spent')
    expect(budget.takePublishes(3, 3)).toBe('overCount')
    expect(budget.takePublishes(1, 101)).toBe('overChars')
    vi.advanceTimersByTime(1_000)
    expect(budget.takePublishes(2, 100)).toBe('taken')
  })

  it('resumes waiting sockets once the next second begins, and not before', async () => {
    const budget = address()
    budget.takePublishes(2, 10)
    const resumed: string[] = []
    budget.waitForNextSecond(() => resumed.push('a'))
    await vi.advanceTimersByTimeAsync(999)
    expect(resumed).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(resumed).toEqual(['a'])
  })

  it('gives the budget in turn: a socket not reached in one second goes first in the next', async () => {
    const budget = address()
    budget.takePublishes(2, 10)
    const resumed: string[] = []
    // each socket publishes two when it resumes, the whole budget of a second, and waits again
    const socket = (name: string) => {
      const resume = () => {
        resumed.push(name)
        expect(budget.takePublishes(2, 10)).toBe('taken')
        budget.waitForNextSecond(resume)
      }
      return resume
    }
    budget.waitForNextSecond(socket('a'))
    budget.waitForNextSecond(socket('b'))
    budget.waitForNextSecond(socket('c'))
    for (let second = 0; second < 4; second++) await vi.advanceTimersByTimeAsync(1_000)
    expect(resumed).toEqual(['a', 'b', 'c', 'a'])
  })
})
