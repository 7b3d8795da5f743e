import { describe, expect, it } from 'vitest'
import { formatAmount, formatFiat } from './number'

describe('formatAmount', () => {
  it('groups thousands and shows at most three decimals, cut and never rounded up', () => {
    expect(formatAmount('9999.99999')).toBe('9,999.999')
    expect(formatAmount('1234567.8915')).toBe('1,234,567.891')
  })
  it('drops trailing zeros and an empty fraction', () => {
    expect(formatAmount('10000.000')).toBe('10,000')
    expect(formatAmount('0.5')).toBe('0.5')
    expect(formatAmount('250')).toBe('250')
  })
  it('keeps the fraction digits asked for, up to three', () => {
    expect(formatAmount('0.01', { minDecimals: 3 })).toBe('0.010')
    expect(formatAmount('250', { minDecimals: 3 })).toBe('250.000')
    expect(formatAmount('1234.56789', { minDecimals: 3 })).toBe('1,234.567')
    expect(formatAmount('1.5', { minDecimals: 6 })).toBe('1.500')
  })
  it('says an amount too small for three decimals is under 0.001 rather than 0', () => {
    expect(formatAmount('0.000021')).toBe('<0.001')
    expect(formatAmount('-0.0004')).toBe('>-0.001')
    expect(formatAmount('0.0000')).toBe('0')
  })
  it('keeps the sign of a negative amount', () => {
    expect(formatAmount('-1234.5')).toBe('-1,234.5')
  })
  it('shows 0 for a missing amount and leaves a string that is not a decimal as it is', () => {
    expect(formatAmount(undefined)).toBe('0')
    expect(formatAmount('')).toBe('0')
    expect(formatAmount('1e-7')).toBe('1e-7')
  })
  it('drops leading zeros of the whole part', () => {
    expect(formatAmount('0001000.5')).toBe('1,000.5')
  })
})

describe('formatFiat', () => {
  it('writes US dollars with cents and grouped thousands', () => {
    expect(formatFiat(1234.5)).toBe('$1,234.50')
    expect(formatFiat(0)).toBe('$0.00')
  })
  it('says a value under a cent is under a cent rather than $0.00', () => {
    expect(formatFiat(0.0004)).toBe('<$0.01')
  })
})
