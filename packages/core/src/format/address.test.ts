import { describe, expect, it } from 'vitest'
import { formatBalance, shortAddress } from './address'

describe('shortAddress', () => {
  it('keeps the first four and last four hex digits of an address', () => {
    expect(shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })
  it('leaves a short string alone', () => {
    expect(shortAddress('0x1234')).toBe('0x1234')
  })
})

describe('formatBalance', () => {
  it('shows at most three decimals without rounding up', () => {
    expect(formatBalance('9999.99999')).toBe('9999.999')
  })
  it('drops trailing zeros and an empty fraction', () => {
    expect(formatBalance('10000.000')).toBe('10000')
    expect(formatBalance('0.5')).toBe('0.5')
  })
  it('shows 0 for a missing balance', () => {
    expect(formatBalance(undefined)).toBe('0')
  })
})
