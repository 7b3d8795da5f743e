import { describe, expect, it } from 'vitest'
import { plainQueryValueChars } from './relay-upgrade-target'

describe('plainQueryValueChars', () => {
  it('measures the first value of a parameter as URLSearchParams would decode it', () => {
    const target = '/relay?projectId=p&auth=abc.def.ghi&auth=longer.second.one'
    expect(plainQueryValueChars(target, 'auth')).toBe(
      new URL(target, 'http://x').searchParams.get('auth')?.length,
    )
    expect(plainQueryValueChars('/relay?auth=a+b', 'auth')).toBe(3)
    expect(plainQueryValueChars('/relay?auth=', 'auth')).toBe(0)
  })

  it('does not take a parameter whose name only ends like the one asked for', () => {
    expect(plainQueryValueChars('/relay?xauth=abcdef&auth=ab', 'auth')).toBe(2)
  })

  it('leaves a percent-escaped value, or a missing one, to the URL parse', () => {
    expect(plainQueryValueChars('/relay?auth=ab%2Ecd&ua=x', 'auth')).toBeUndefined()
    expect(plainQueryValueChars('/relay?ua=x', 'auth')).toBeUndefined()
    expect(plainQueryValueChars('/relay', 'auth')).toBeUndefined()
  })
})
