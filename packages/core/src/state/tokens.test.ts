import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../api/blockchain'
import {
  acceptedWalletAssets,
  dropZeroDecimalEntries,
  isWalletAsset,
  setTokens,
  startTokensFetch,
  tokensStore,
  totalUsdValue,
  walletAssetsToBalances,
} from './tokens'

const usdc = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0x1dcd6500', // 500 USDC
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'usdc.svg' },
}
const eth = {
  address: '0x0000000000000000000000000000000000000000',
  balance: '0xde0b6b3a7640000', // 1 ETH
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'eth.svg' },
}

describe('the wallet asset shape check (spec section 5)', () => {
  it('accepts assets with every field the spec names', () => {
    expect(isWalletAsset(usdc)).toBe(true)
    expect(isWalletAsset(eth)).toBe(true)
  })

  it.each([
    ['address not a string', { ...usdc, address: 1 }],
    ['balance not a string', { ...usdc, balance: 500 }],
    ['type other than ERC20 or NATIVE', { ...usdc, type: 'ERC721' }],
    ['lowercase type', { ...usdc, type: 'erc20' }],
    ['no metadata', { ...usdc, metadata: undefined }],
    ['name missing', { ...usdc, metadata: { ...usdc.metadata, name: undefined } }],
    ['symbol missing', { ...usdc, metadata: { ...usdc.metadata, symbol: undefined } }],
    ['decimals as a string', { ...usdc, metadata: { ...usdc.metadata, decimals: '6' } }],
    ['price as a string', { ...usdc, metadata: { ...usdc.metadata, price: '1' } }],
    ['iconUrl missing', { ...usdc, metadata: { ...usdc.metadata, iconUrl: undefined } }],
    ['null', null],
  ])('refuses an asset with %s', (_case, asset) => {
    expect(isWalletAsset(asset)).toBe(false)
  })

  it('accepts an answer only when every asset of the chain passes', () => {
    expect(acceptedWalletAssets({ '0x1': [eth, usdc] }, 1)).toHaveLength(2)
    expect(acceptedWalletAssets([eth, usdc], 1)).toHaveLength(2)
    expect(acceptedWalletAssets({ '0x1': [eth, { ...usdc, type: 'ERC721' }] }, 1)).toBeUndefined()
    expect(acceptedWalletAssets({ '0x2105': [eth] }, 1)).toBeUndefined()
    expect(acceptedWalletAssets('nope', 1)).toBeUndefined()
    expect(acceptedWalletAssets(null, 1)).toBeUndefined()
  })
})

describe('wallet assets as token balances', () => {
  it('gives quantities in whole units, USD values and CAIP-10 token ids', () => {
    const balances = walletAssetsToBalances([eth, usdc] as never, 'eip155:1')
    expect(balances.map((b) => [b.symbol, b.quantity, b.value, b.address])).toEqual([
      [
        'ETH',
        { decimals: '18', numeric: '1' },
        3000,
        'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      ],
      ['USDC', { decimals: '6', numeric: '500' }, 500, `eip155:1:${usdc.address}`],
    ])
    expect(totalUsdValue(balances)).toBe(3500)
  })

  it('drops entries with 0 decimals', () => {
    const noDecimals = { ...usdc, metadata: { ...usdc.metadata, symbol: 'ZERO', decimals: 0 } }
    const balances = walletAssetsToBalances([eth, noDecimals] as never, 'eip155:1')
    expect(balances.map((balance) => balance.symbol)).toEqual(['ETH'])
  })
})

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

  it('ignores a late answer for an account or network no longer shown', () => {
    startTokensFetch('eip155:1:0xabc')
    startTokensFetch('eip155:8453:0xabc')
    setTokens('eip155:1:0xabc', [entry('OLD', '18')], 'api')
    expect(tokensStore.get()).toMatchObject({ balances: [], loading: true })
  })
})
