import { describe, expect, it, vi } from 'vitest'
import { requestWalletAssets } from './accountTokens'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const eth = {
  address: '0x0000000000000000000000000000000000000000',
  balance: '0x6f05b59d3b20000', // 0.5 ETH
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'eth.svg' },
}

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

  it('gives nothing (the balance API answers) when the wallet does not support it', async () => {
    const unsupported = provider(() =>
      Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 })),
    )
    expect(await requestWalletAssets(unsupported, alice, 1, 'eip155:1')).toBeUndefined()
    expect(await requestWalletAssets(undefined, alice, 1, 'eip155:1')).toBeUndefined()
  })

  it('gives nothing when one asset is malformed', async () => {
    const malformed = provider(async () => ({ '0x1': [eth, { ...eth, type: 'native' }] }))
    expect(await requestWalletAssets(malformed, alice, 1, 'eip155:1')).toBeUndefined()
  })
})
