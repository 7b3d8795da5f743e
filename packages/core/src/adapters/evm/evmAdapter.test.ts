import { mock } from '@wagmi/core'
import { type Address, numberToHex, parseEther } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet } from '../../networks'
import { accountStore, getAccount } from '../../state/account'
import { connectionStore } from '../../state/connection'
import { networkStore, setRequestedNetworks } from '../../state/network'
import { clearMemoryFallback } from '../../storage/fallbackStorage'
import { createEvmAdapter, type EvmAdapter } from './evmAdapter'
import { createEvmConfig } from './wagmiConfig'

const apiUrl = 'http://127.0.0.1:1'
const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface ProxyRequest {
  url: string
  method: string
  params: unknown[]
  answer(result: string): void
  /** What the proxy passes on when the upstream node cannot serve the call. */
  fail(): void
}

/** Our server's JSON-RPC proxy, answered in-process: each request waits for the test to answer. */
function fakeRpcProxy() {
  const requests: ProxyRequest[] = []
  vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    return new Promise<Response>((resolve) => {
      const reply = (payload: object) =>
        resolve(
          new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...payload }), {
            headers: { 'content-type': 'application/json' },
          }),
        )
      requests.push({
        url: String(url),
        method: body.method,
        params: body.params,
        answer: (result) => reply({ result }),
        fail: () => reply({ error: { code: -32000, message: 'header not found' } }),
      })
    })
  })
  /** The balance request for `address`, once the adapter has sent it. */
  async function balanceRequest(address: Address) {
    let found: ProxyRequest | undefined
    await vi.waitFor(() => {
      found = requests.find(
        (request) => request.method === 'eth_getBalance' && request.params[0] === address,
      )
      if (!found) throw new Error(`no balance request for ${address} yet`)
    })
    return found as ProxyRequest
  }
  return { requests, balanceRequest }
}

/**
 * Lets every answered request run to its end: from the proxy's answer to the store update is a
 * chain of promise callbacks with no timer in it, so one macrotask turn drains it.
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
  adapter = createEvmAdapter(config)
  return adapter.connect('mock').then(() => config)
}

beforeEach(() => {
  clearMemoryFallback()
  connectionStore.reset()
  accountStore.reset()
  networkStore.reset()
  setRequestedNetworks([mainnet, base])
})

afterEach(() => {
  adapter?.destroy()
  adapter = undefined
  vi.unstubAllGlobals()
})

describe('native balance of the connected account', () => {
  it("shows the balance, asked from our proxy for the wallet's chain", async () => {
    const proxy = fakeRpcProxy()
    await connectWallet([alice])
    expect(getAccount('eip155').balanceLoading).toBe(true)

    const request = await proxy.balanceRequest(alice)
    expect(request.url).toBe(`${apiUrl}/v1?chainId=eip155:1&projectId=test-project`)
    request.answer(numberToHex(parseEther('1.5')))

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it('stays connected with no balance shown when the proxy cannot give one', async () => {
    const proxy = fakeRpcProxy()
    await connectWallet([alice])
    ;(await proxy.balanceRequest(alice)).fail()

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({
      address: alice,
      status: 'connected',
      balance: undefined,
    })
    expect(connectionStore.get().status).toBe('connected')
  })

  it("never shows the previous account's balance after the wallet switched account", async () => {
    const proxy = fakeRpcProxy()
    const config = await connectWallet([alice, bob])
    const aliceBalance = await proxy.balanceRequest(alice)
    config.connectors[0]?.onAccountsChanged([bob])
    const bobBalance = await proxy.balanceRequest(bob)

    aliceBalance.answer(numberToHex(parseEther('5')))
    bobBalance.answer(numberToHex(parseEther('0.25')))

    await vi.waitFor(() => expect(getAccount('eip155').balanceLoading).toBe(false))
    expect(getAccount('eip155')).toMatchObject({ address: bob, balance: '0.25' })
  })

  it("keeps loading the new account's balance when the previous account's one fails late", async () => {
    const proxy = fakeRpcProxy()
    const config = await connectWallet([alice, bob])
    const aliceBalance = await proxy.balanceRequest(alice)
    config.connectors[0]?.onAccountsChanged([bob])
    const bobBalance = await proxy.balanceRequest(bob)

    aliceBalance.fail()
    await answeredRequestsHandled()
    expect(getAccount('eip155')).toMatchObject({ address: bob, balanceLoading: true })

    bobBalance.answer(numberToHex(parseEther('0.25')))
    await vi.waitFor(() => expect(getAccount('eip155').balance).toBe('0.25'))
    expect(getAccount('eip155').balanceLoading).toBe(false)
  })
})
