import { describe, expect, it } from 'vitest'
import { isAddress, isSignedMessage, isTransactionHash } from './hex-formats'

const hex = (length: number) => 'aB3'.repeat(length).slice(0, length)

describe('isAddress', () => {
  it('accepts 0x plus 40 hex characters in any case', () => {
    expect(isAddress(`0x${hex(40)}`)).toBe(true)
    expect(isAddress('0xAB16A96D359EC26A11E2C2B3D8F8B8942D5BFCDB')).toBe(true)
  })

  it.each([`0x${hex(39)}`, `0x${hex(41)}`, hex(40), `0X${hex(40)}`, `0x${'g'.repeat(40)}`, 42])(
    'rejects %s',
    (value) => {
      expect(isAddress(value)).toBe(false)
    },
  )
})

describe('isTransactionHash', () => {
  it('accepts 0x plus exactly 64 hex characters', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${hex(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${hex(65)}`)).toBe(false)
    expect(isTransactionHash(`0x${hex(63)}z`)).toBe(false)
  })
})

describe('isSignedMessage', () => {
  it('accepts 0x plus 62 or more hex characters', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false)
    expect(isSignedMessage(`0x${hex(70)} `)).toBe(false)
    expect(isSignedMessage(undefined)).toBe(false)
  })
})
