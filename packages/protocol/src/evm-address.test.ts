import { describe, expect, it } from 'vitest'
import { isEvmAddressShape } from './evm-address'

describe('isEvmAddressShape', () => {
  it('takes 0x and 40 hex digits in any case, nothing shorter, longer or unprefixed', () => {
    expect(isEvmAddressShape('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isEvmAddressShape('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
    expect(isEvmAddressShape('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(isEvmAddressShape('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n')).toBe(false)
  })
})
