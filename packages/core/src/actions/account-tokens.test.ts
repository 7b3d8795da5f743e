import { connect, createConfig, http, mock } from '@wagmi/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TokenBalance } from '../api/blockchain'
import { HttpStatusError } from '../api/http'
import { BALANCE_RETRY_GATE_MS } from '../constants'
import { mainnet } from '../networks'
import { clearBalanceRetryGate } from '../state/balance-retry-gate'
import { networkStore, setRequestedNetworks } from '../state/network'
import { hideToast, toastStore } from '../state/toast'
import { clearTokens, tokensStore } from '../state/tokens'
import { fetchAccountTokens, requestWalletAssets } from './account-tokens'

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

describe('fetching the Tokens tab', () => {
  // A wallet whose RPC is unreachable: wallet_getAssets fails, so the balance API answers.
  const unreachable = {
    ...mainnet,
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  } as typeof mainnet
  const usdc: TokenBalance = {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    quantity: { decimals: '6', numeric: '10000' },
    iconUrl: '',
  }

  async function connectedClient(fetchBalances: () => Promise<TokenBalance[]>) {
    const wagmiConfig = createConfig({
      chains: [unreachable],
      connectors: [mock({ accounts: [alice] })],
      transports: { 1: http('http://127.0.0.1:1') },
      storage: null,
    })
    const [connector] = wagmiConfig.connectors
    if (!connector) throw new Error('no mock connector')
    await connect(wagmiConfig, { connector })
    return { wagmiConfig, api: { blockchain: { fetchBalances: vi.fn(fetchBalances) } } }
  }

  beforeEach(() => {
    clearBalanceRetryGate()
    clearTokens()
    hideToast()
    networkStore.reset()
    setRequestedNetworks([mainnet])
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('falls back to the balance API and drops 0-decimal entries', async () => {
    const zero = { ...usdc, symbol: 'ZERO', quantity: { decimals: '0', numeric: '5' } }
    const client = await connectedClient(async () => [usdc, zero])
    await fetchAccountTokens(client)
    expect(tokensStore.get()).toMatchObject({ source: 'api', loading: false, failed: false })
    expect(tokensStore.get().balances.map((balance) => balance.symbol)).toEqual(['USDC'])
  })

  it("after a failure shows 'Token Balance Unavailable' and asks nothing for 30 s", async () => {
    const client = await connectedClient(() => Promise.reject(new HttpStatusError(502)))
    vi.useFakeTimers({ toFake: ['Date'] })
    await fetchAccountTokens(client)
    expect(tokensStore.get().failed).toBe(true)
    expect(toastStore.get()).toMatchObject({ message: 'Token Balance Unavailable' })
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)

    vi.setSystemTime(Date.now() + BALANCE_RETRY_GATE_MS - 1)
    await fetchAccountTokens(client)
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)

    vi.setSystemTime(Date.now() + 1)
    await fetchAccountTokens(client)
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(2)
  })

  it("a view opening during a send's forced refresh joins it, so older balances never win", async () => {
    const answers: ((balances: TokenBalance[]) => void)[] = []
    const client = await connectedClient(
      () => new Promise<TokenBalance[]>((resolve) => answers.push(resolve)),
    )
    const forced = fetchAccountTokens(client, { forceUpdate: true })
    const plain = fetchAccountTokens(client)
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    answers[0]?.([{ ...usdc, quantity: { decimals: '6', numeric: '9999.5' } }])
    await Promise.all([forced, plain])
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)
    expect(tokensStore.get().balances[0]?.quantity.numeric).toBe('9999.5')
  })

  it('shows the answer of the latest fetch even when an earlier one answers after it', async () => {
    const answers: ((balances: TokenBalance[]) => void)[] = []
    const client = await connectedClient(
      () => new Promise<TokenBalance[]>((resolve) => answers.push(resolve)),
    )
    const first = fetchAccountTokens(client, { forceUpdate: true })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    const second = fetchAccountTokens(client, { forceUpdate: true })
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]?.([{ ...usdc, quantity: { decimals: '6', numeric: '9999.5' } }])
    await second
    answers[0]?.([usdc])
    await first
    expect(tokensStore.get().balances[0]?.quantity.numeric).toBe('9999.5')
    expect(tokensStore.get().loading).toBe(false)
  })
})
