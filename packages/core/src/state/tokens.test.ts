import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/blockchain'
import {
  dropZeroDecimalEntries,
  setTokens,
  startTokensFetch,
  tokensStore,
  totalUsdValue,
} from './tokens'

describe('the tokens store', () => {
  const entry = (symbol: string, decimals: string): TokenBalance => ({
    name: symbol,
    symbol,
    chainId: 'eip155:1',
    quantity: { decimals, numeric: '1' },
    iconUrl: '',
  })

  it('drops 0-decimal entries from any source', () => {
    expect(
      dropZeroDecimalEntries([entry('A', '18'), entry('B', '0')]).map((b) => b.symbol),
    ).toEqual(['A'])
    startTokensFetch('eip155:1:0xabc')
    setTokens('eip155:1:0xabc', [entry('A', '6'), entry('B', '0')], 'api')
    expect(tokensStore.get().balances.map((b) => b.symbol)).toEqual(['A'])
  })

  it('sums the USD values of the balances that have one', () => {
    expect(
      totalUsdValue([
        { ...entry('ETH', '18'), value: 3000 },
        { ...entry('USDC', '6'), value: 500 },
        entry('X', '6'),
      ]),
    ).toBe(3500)
  })

  it('ignores a late answer for an account or network no longer shown', () => {
    startTokensFetch('eip155:1:0xabc')
    startTokensFetch('eip155:8453:0xabc')
    setTokens('eip155:1:0xabc', [entry('OLD', '18')], 'api')
    expect(tokensStore.get()).toMatchObject({ balances: [], loading: true })
  })
})
