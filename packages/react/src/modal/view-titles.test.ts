import { describe, expect, it } from 'vitest'
import { viewTitle } from './view-titles'

describe('view titles', () => {
  it('says how a purchase ended instead of "Buying"', () => {
    expect(viewTitle('BuyInProgress')).toBe('Buying')
    expect(viewTitle('BuyInProgress', { onrampStatus: 'charged' })).toBe('Buying')
    expect(viewTitle('BuyInProgress', { onrampStatus: 'paid' })).toBe('Purchase Complete')
    expect(viewTitle('BuyInProgress', { onrampStatus: 'declined' })).toBe('Payment Declined')
    expect(viewTitle('BuyInProgress', { onrampStatus: 'failed' })).toBe('Purchase Failed')
  })

  it('names the results of a send and a swap', () => {
    expect(viewTitle('TransactionSent')).toBe('Transaction Sent')
    expect(viewTitle('SwapComplete')).toBe('Swap Complete')
  })
})
