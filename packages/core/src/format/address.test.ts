import { describe, expect, it } from 'vitest'
import { shortAddress } from './address'

describe('shortAddress', () => {
  it('keeps the first four and last four hex digits of an address', () => {
    expect(shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })
  it('leaves a short string alone', () => {
    expect(shortAddress('0x1234')).toBe('0x1234')
  })
})
