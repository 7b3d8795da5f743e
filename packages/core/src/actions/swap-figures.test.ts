import { balances, ethToken, usdcToken } from '@portico/test-kit'
import { describe, expect, it } from 'vitest'
import {
  amountUnits,
  formatSwapRate,
  minimumReceived,
  networkFee,
  swapDraftError,
  swapRate,
} from './swap-figures'

describe('swap figures', () => {
  it('cuts an amount typed past the token decimals, never rounding it up', () => {
    expect(amountUnits('1.23456789', 6)).toBe(1_234_567n)
    expect(amountUnits('.5', 6)).toBe(500_000n)
    expect(amountUnits('0', 6)).toBeUndefined()
    expect(amountUnits('1,5', 6)).toBeUndefined()
  })

  it('gives the minimum received at 1 % as the server writes it into the swap', () => {
    expect(minimumReceived(299_102_000n, 1)).toBe(296_110_980n)
    expect(minimumReceived(1_000n, 0.5)).toBe(995n)
  })

  it('writes a rate with 3 decimals, and one under 1 with its significant digits', () => {
    const quote = {
      from: ethToken.address,
      to: usdcToken.address,
      amount: '0.1',
      fromAmount: 100_000_000_000_000_000n,
      toAmount: 299_102_000n,
      priceImpact: undefined,
      gas: undefined,
    }
    expect(formatSwapRate(swapRate(quote, ethToken, usdcToken))).toBe('2,991.02')
    expect(formatSwapRate(0.00033344)).toBe('0.0003334')
  })

  it('prices the network fee in the native coin and in USD', () => {
    expect(networkFee(150_000n, 2_000_000_000n, { symbol: 'ETH', price: 3000 })).toEqual({
      numeric: '0.0003',
      symbol: 'ETH',
      value: 0.8999999999999999,
    })
  })

  it("says 'Insufficient balance' for more than the account holds, nothing for an empty amount", () => {
    const base = { from: ethToken, to: usdcToken }
    expect(swapDraftError({ ...base, amount: '1.6' }, balances)?.shortMessage).toBe(
      'Insufficient balance',
    )
    expect(swapDraftError({ ...base, amount: '1.5' }, balances)).toBeUndefined()
    // The whole ETH balance leaves nothing for the swap's gas.
    expect(
      swapDraftError({ ...base, amount: '1.5', gasPrice: 1_000_000_000n }, balances)?.shortMessage,
    ).toBe('Insufficient balance')
    expect(
      swapDraftError({ ...base, amount: '1.4998', gasPrice: 1_000_000_000n }, balances),
    ).toBeUndefined()
    expect(swapDraftError({ ...base, amount: undefined }, balances)).toBeUndefined()
    expect(swapDraftError({ ...base, amount: 'x' }, balances)?.shortMessage).toBe('Invalid amount')
    expect(swapDraftError({ from: usdcToken, to: ethToken, amount: '1' }, [])?.shortMessage).toBe(
      'Insufficient balance',
    )
  })
})
