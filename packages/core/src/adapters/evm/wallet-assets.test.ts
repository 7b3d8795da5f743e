import { describe, expect, it, vi } from 'vitest'
import {
  acceptedWalletAssets,
  isWalletAsset,
  requestWalletAssets,
  walletAssetsToBalances,
} from './wallet-assets'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const eth = {
  address: '0x0000000000000000000000000000000000000000',
  balance: '0x6f05b59d3b20000', // 0.5 ETH
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'eth.svg' },
}

const usdc = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0x1dcd6500', // 500 USDC
  type: 'ERC20',
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'usdc.svg' },
}
const oneEth = { ...eth, balance: '0xde0b6b3a7640000' } // 1 ETH

// docs/product.md#validation: a wallet asset answer is used only when every asset has the shape.
describe('the wallet asset shape check', () => {
  it('accepts assets with every field the spec names', () => {
    expect(isWalletAsset(usdc)).toBe(true)
    expect(isWalletAsset(oneEth)).toBe(true)
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
    expect(acceptedWalletAssets({ '0x1': [oneEth, usdc] }, 1)).toHaveLength(2)
    expect(acceptedWalletAssets([oneEth, usdc], 1)).toHaveLength(2)
    expect(
      acceptedWalletAssets({ '0x1': [oneEth, { ...usdc, type: 'ERC721' }] }, 1),
    ).toBeUndefined()
    expect(acceptedWalletAssets({ '0x2105': [oneEth] }, 1)).toBeUndefined()
    expect(acceptedWalletAssets('nope', 1)).toBeUndefined()
    expect(acceptedWalletAssets(null, 1)).toBeUndefined()
  })
})

describe('wallet assets as token balances', () => {
  it('gives quantities in whole units, USD values and CAIP-10 token ids', () => {
    const balances = walletAssetsToBalances([oneEth, usdc] as never, 'eip155:1')
    expect(balances.map((b) => [b.symbol, b.quantity, b.value, b.address])).toEqual([
      [
        'ETH',
        { decimals: '18', numeric: '1' },
        3000,
        'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      ],
      ['USDC', { decimals: '6', numeric: '500' }, 500, `eip155:1:${usdc.address}`],
    ])
    expect(balances.map((balance) => balance.value)).toEqual([3000, 500])
  })
})

function provider(answer: () => Promise<unknown>) {
  return { request: vi.fn(answer) }
}

describe('the wallet asset query (EIP-7811)', () => {
  it('asks wallet_getAssets for the account on the active chain', async () => {
    const wallet = provider(async () => ({ '0x2105': [eth] }))
    const balances = await requestWalletAssets(wallet, alice, 8453, 'eip155:8453')
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'wallet_getAssets',
      params: [{ account: alice, chainFilter: ['0x2105'] }],
    })
    expect(balances?.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['ETH', '0.5', 1500],
    ])
  })

  it('does not ask a wallet that says it does not answer it (the embedded wallet)', async () => {
    const wallet = { ...provider(async () => ({ '0x1': [eth] })), answers: () => false }
    expect(await requestWalletAssets(wallet, alice, 1, 'eip155:1')).toBeUndefined()
    expect(wallet.request).not.toHaveBeenCalled()
  })

  it('gives nothing (the balance API answers) when the wallet does not support it', async () => {
    const unsupported = provider(() =>
      Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 })),
    )
    expect(await requestWalletAssets(unsupported, alice, 1, 'eip155:1')).toBeUndefined()
    expect(await requestWalletAssets(undefined, alice, 1, 'eip155:1')).toBeUndefined()
  })

  it('asks a WalletConnect wallet only when its session lists wallet_getAssets', async () => {
    const session = (methods: string[]) => ({ namespaces: { eip155: { methods } } })
    const without = {
      ...provider(async () => ({ '0x1': [eth] })),
      session: session(['eth_sendTransaction']),
    }
    expect(await requestWalletAssets(without, alice, 1, 'eip155:1')).toBeUndefined()
    expect(without.request).not.toHaveBeenCalled()
    const listing = {
      ...provider(async () => ({ '0x1': [eth] })),
      session: session(['wallet_getAssets']),
    }
    expect(await requestWalletAssets(listing, alice, 1, 'eip155:1')).toHaveLength(1)
  })

  it('gives nothing when one asset is malformed', async () => {
    const malformed = provider(async () => ({ '0x1': [eth, { ...eth, type: 'native' }] }))
    expect(await requestWalletAssets(malformed, alice, 1, 'eip155:1')).toBeUndefined()
  })
})
