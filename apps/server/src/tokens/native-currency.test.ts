import { describe, expect, it } from 'vitest'
import { nativeCurrencyOf } from './native-currency'

describe('the native coin of a chain', () => {
  it('is the one the protocol’s network table names, and ether on a chain it does not know', () => {
    expect(nativeCurrencyOf('eip155:1')).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    expect(nativeCurrencyOf('eip155:137').symbol).toBe('POL')
    expect(nativeCurrencyOf('eip155:43114').symbol).toBe('AVAX')
    expect(nativeCurrencyOf('eip155:8453').symbol).toBe('ETH')
    expect(nativeCurrencyOf('eip155:31337')).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
  })
})
