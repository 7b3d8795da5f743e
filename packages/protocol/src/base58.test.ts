import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58'

describe('base58', () => {
  it('round-trips bytes with leading zeros', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 128])
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
    expect(encodeBase58(Uint8Array.from([0, 0, 0]))).toBe('111')
    expect(decodeBase58('0OIl')).toBeUndefined()
  })
})
