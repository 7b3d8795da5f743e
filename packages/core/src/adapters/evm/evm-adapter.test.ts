import { mock } from '@wagmi/core'
import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBlockchainApi, NATIVE_TOKEN_ADDRESS } from '../../api/blockchain'
import { createHttpClient } from '../../api/http'
import { BALANCE_RETRY_GATE_MS } from '../../constants'
import { base, mainnet } from '../../networks'
import { accountStore, getAccount } from '../../state/account'
import { clearBalanceRetryGate } from '../../state/balance-retry-gate'
import { connectionStore } from '../../state/connection'
import { networkStore, setRequestedNetworks } from '../../state/network'
import { hideToast, toastStore } from '../../state/toast'
import { clearMemoryFallback } from '../../storage/fallback-storage'
import { setClock } from '../../time/clock'
import { connectEvm } from './evm-actions'
import { createEvmAdapter, type EvmAdapter } from './evm-adapter'
import { createEvmConfig } from './wagmi-config'

const apiUrl = 'http://127.0.0.1:1'
const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface BalanceRequest {
  url: URL
  /** Answers as our server does: the native coin first, then a token. */
  answer(nativeQuantity: string): void
  /** What the server answers when it cannot read the chain. */
  fail(): void
}

/**
 * Our server's balance API, answered in-process: each request waits for the test to answer.
 * Anything else the page asks (wagmi's RPC) gets a JSON-RPC error.
 */
function fakeBalanceApi() {
  const requests: BalanceRequest[] = []
  vi.stubGlobal('fetch', (input: string | URL) => {
    const url = new URL(String(input))
    if (!/^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) {
      return Promise.resolve(
        Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } }),
      )
    }
    return new Promise<Response>((resolve) => {
      const chainId = url.searchParams.get('chainId')
      requests.push({
        url,
        answer: (nativeQuantity) =>
          resolve(
            Response.json({
              balances: [
                {
                  name: 'Ether',
                  symbol: 'ETH',
                  chainId,
                  address: `${chainId}:${NATIVE_TOKEN_ADDRESS}`,
                  value: Number(nativeQuantity) * 3000,
                  price: 3000,
                  quantity: { decimals: '18', numeric: nativeQuantity },
                  iconUrl: `${apiUrl}/public/getTokenImage/ETH`,
                },
                {
                  name: 'USD Coin',
                  symbol: 'USDC',
                  chainId,
                  address: `${chainId}:0x8ce361602B935680E8DeC218b820ff5056BeB7af`,
                  value: 10,
                  price: 1,
                  quantity: { decimals: '6', numeric: '10' },
                  iconUrl: `${apiUrl}/public/getTokenImage/USDC`,
                },
              ],
            }),
          ),
        fail: () =>
          resolve(
            Response.json(
              { error: { code: 'UPSTREAM_ERROR', message: 'Upstream RPC request failed' } },
              { status: 502 },
            ),
          ),
      })
    })
  })
  /** The next unanswered balance request for `address`, once the adapter has sent it. */
  async function balanceRequest(address: Address, seen = 0) {
    let found: BalanceRequest | undefined
    await vi.waitFor(() => {
      found = requests.filter((request) => request.url.pathname.includes(address))[seen]
      if (!found) throw new Error(`no balance request for ${address} yet`)
    })
    return found as BalanceRequest
  }
  return { requests, balanceRequest }
}

/**
 * Lets every answered request run to its end: from the answer to the store update is a chain
 * of promise callbacks with no timer in it, so one macrotask turn drains it.
 */
function answeredRequestsHandled() {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

let adapter: EvmAdapter | undefined

function connectWallet(accounts: readonly [Address, ...Address[]]) {
  const config = createEvmConfig({
    networks: [mainnet, base],
    apiUrl,
    projectId: 'test-project',
    storage: null,
    connectors: [mock({ accounts })],
  })
  const balances = createBlockchainApi(
    createHttpClient({ baseUrl: apiUrl, projectId: 'test-project' }),
  )
  adapter = createEvmAdapter(config, { loadBalances: async () => balances })
  return connectEvm(config, 'mock').then(() => config)
}

beforeEach(() => {
  clearMemoryFallback()
  clearBalanceRetryGate()
  hideToast()
  connectionStore.reset()
  accountStore.reset()
  networkStore.reset()
  setRequestedNetworks([mainnet, base])
})

afterEach(() => {
  adapter?.destroy()
  adapter = undefined
  vi.unstubAllGlobals()
  setClock()
})

describe('native balance of the connected account', () => {
  it('fetches the balance when a stored session comes back on page load, without the modal', async () => {
    const api = fakeBalanceApi()
    const config = createEvmConfig({
      networks: [mainnet, base],
      apiUrl,
      projectId: 'test-project',
      storage: null,
      connectors: [
        mock({ accounts: [alice], features: { reconnect: true, defaultConnected: true } }),
      ],
    })
    const balances = createBlockchainApi(
      createHttpClient({ baseUrl: apiUrl, projectId: 'test-project' }),
    )
    adapter = createEvmAdapter(config, { loadBalances: async () => balances })
    // wagmi's reconnect gives the account while still reconnecting, then says connected.
    await adapter.reconnect()
    ;(await api.balanceRequest(alice)).answer('3')
    await vi.waitFor(() => expect(getAccount('eip155').balance).toBe('3'))
    expect(api.requests).toHaveLength(1)
  })

  it("shows the native balance from our balance API, for the wallet's chain", async () => {
    const api = fakeBalanceApi()
    await connectWallet([alice])
    expect(getAccount('eip155').balanceLoading).toBe(true)

    const request = await api.balanceRequest(alice)
    expect(`${request.url.origin}${request.url.pathname}`).toBe(
      `${apiUrl}/v1/account/${alice}/balance`,
    )
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      projectId: 'test-project',
      st: 'portico',
      sv: '0.1.0',
      currency: 'usd',
      chainId: 'eip155:1',
    })
    request.answer('1.5')

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it("asks past the server's cache when refreshed with forceUpdate (after a send)", async () => {
    const api = fakeBalanceApi()
    await connectWallet([alice])
    ;(await api.balanceRequest(alice)).answer('1.5')
    await vi.waitFor(() => expect(getAccount('eip155').balance).toBe('1.5'))

    const refreshing = adapter?.refreshBalance({ forceUpdate: true })
    const request = await api.balanceRequest(alice, 1)
    expect(request.url.searchParams.get('forceUpdate')).toBe('true')
    request.answer('1.25')
    await refreshing
    expect(getAccount('eip155').balance).toBe('1.25')
  })

  it("stays connected with no balance shown, and says 'Token Balance Unavailable', when the API fails", async () => {
    const api = fakeBalanceApi()
    await connectWallet([alice])
    ;(await api.balanceRequest(alice)).fail()

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({
      address: alice,
      status: 'connected',
      balance: undefined,
    })
    expect(connectionStore.get().status).toBe('connected')
    expect(toastStore.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Token Balance Unavailable',
    })
  })

  it('asks again only 30 s after a failed fetch', async () => {
    let now = Date.now()
    setClock({
      now: () => now,
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
    })
    const api = fakeBalanceApi()
    await connectWallet([alice])
    ;(await api.balanceRequest(alice)).fail()
    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))

    now += BALANCE_RETRY_GATE_MS - 1
    await adapter?.refreshBalance()
    expect(api.requests).toHaveLength(1)
    expect(getAccount('eip155').balanceLoading).toBe(false)

    now += 1
    const retrying = adapter?.refreshBalance()
    ;(await api.balanceRequest(alice, 1)).answer('2')
    await retrying
    expect(getAccount('eip155').balance).toBe('2')
  })

  it("never shows the previous account's balance after the wallet switched account", async () => {
    const api = fakeBalanceApi()
    const config = await connectWallet([alice, bob])
    const aliceBalance = await api.balanceRequest(alice)
    config.connectors[0]?.onAccountsChanged([bob])
    const bobBalance = await api.balanceRequest(bob)

    aliceBalance.answer('5')
    bobBalance.answer('0.25')

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({ address: bob, balance: '0.25' })
  })

  it("keeps loading the new account's balance when the previous account's one fails late", async () => {
    const api = fakeBalanceApi()
    const config = await connectWallet([alice, bob])
    const aliceBalance = await api.balanceRequest(alice)
    config.connectors[0]?.onAccountsChanged([bob])
    const bobBalance = await api.balanceRequest(bob)

    aliceBalance.fail()
    await answeredRequestsHandled()
    expect(getAccount('eip155')).toMatchObject({ address: bob, balanceLoading: true })

    bobBalance.answer('0.25')
    await vi.waitFor(() => expect(getAccount('eip155').balance).toBe('0.25'))
    expect(getAccount('eip155').balanceLoading).toBe(false)
  })
})
