import { describe, expect, it } from 'vitest'
import { DEFAULT_SLIPPAGE_PERCENT, minimumToAmount } from './convert-slippage'

describe('minimumToAmount', () => {
  it('takes the slippage off the quote, rounding down to the base unit', () => {
    expect(minimumToAmount(1_000_000n, DEFAULT_SLIPPAGE_PERCENT)).toBe(990_000n)
    expect(minimumToAmount(1_000_001n, 1)).toBe(990_000n)
    expect(minimumToAmount(299_102_000n, 0.5)).toBe(297_606_490n)
    expect(minimumToAmount(12345n, 0)).toBe(12345n)
  })

  it('counts the slippage in basis points: 0.005 % rounds to 0.01 %, 0.004 % to none', () => {
    expect(minimumToAmount(10_000n, 0.005)).toBe(9_999n)
    expect(minimumToAmount(10_000n, 0.004)).toBe(10_000n)
  })

  it('keeps uint256-sized quotes exact', () => {
    const huge = 2n ** 255n
    expect(minimumToAmount(huge, 1)).toBe((huge * 9_900n) / 10_000n)
  })
})
