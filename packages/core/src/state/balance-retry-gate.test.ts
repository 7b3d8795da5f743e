import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpStatusError } from '../api/http'
import { BALANCE_RETRY_GATE_MS, TOAST_AUTO_CLOSE_MS } from '../constants'
import { base, mainnet } from '../networks'
import {
  clearBalanceRetryGate,
  fetchBalancesThroughGate,
  isBalanceFetchAllowed,
} from './balance-retry-gate'
import { networkStore, setRequestedNetworks } from './network'
import { hideToast, toastStore } from './toast'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const eth = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  price: 3000,
  value: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'i',
}

beforeEach(() => {
  vi.useFakeTimers()
  clearBalanceRetryGate()
  hideToast()
  networkStore.reset()
  setRequestedNetworks([mainnet, base])
})
afterEach(() => {
  vi.useRealTimers()
})

const failing = () => ({ fetchBalances: vi.fn().mockRejectedValue(new HttpStatusError(502)) })
const answering = () => ({ fetchBalances: vi.fn().mockResolvedValue([eth]) })

describe('the balance retry gate', () => {
  it('gives the balances when the fetch succeeds', async () => {
    const api = answering()
    expect(await fetchBalancesThroughGate(api, alice, 'eip155:1', { forceUpdate: true })).toEqual({
      status: 'fetched',
      balances: [eth],
    })
    expect(api.fetchBalances).toHaveBeenCalledWith(alice, 'eip155:1', { forceUpdate: true })
    expect(toastStore.get().open).toBe(false)
  })

  it("shows 'Token Balance Unavailable' when a fetch fails, and asks nothing for 30 s", async () => {
    const api = failing()
    const result = await fetchBalancesThroughGate(api, alice, 'eip155:1')
    expect(result).toMatchObject({ status: 'failed', error: new HttpStatusError(502) })
    expect(toastStore.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Token Balance Unavailable',
    })

    vi.advanceTimersByTime(BALANCE_RETRY_GATE_MS - 1)
    expect(isBalanceFetchAllowed(alice, 'eip155:1')).toBe(false)
    expect(await fetchBalancesThroughGate(api, alice, 'eip155:1')).toEqual({ status: 'blocked' })
    expect(api.fetchBalances).toHaveBeenCalledTimes(1)

    vi.advanceTimersByTime(1)
    expect(isBalanceFetchAllowed(alice, 'eip155:1')).toBe(true)
    await fetchBalancesThroughGate(api, alice, 'eip155:1')
    expect(api.fetchBalances).toHaveBeenCalledTimes(2)
  })

  it('blocks only the account and network that failed', async () => {
    await fetchBalancesThroughGate(failing(), alice, 'eip155:1')
    const api = answering()
    expect((await fetchBalancesThroughGate(api, alice, 'eip155:8453')).status).toBe('fetched')
    const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect((await fetchBalancesThroughGate(api, bob, 'eip155:1')).status).toBe('fetched')
    // The same account written in another case is the same account.
    expect(isBalanceFetchAllowed(alice.toLowerCase(), 'eip155:1')).toBe(false)
  })

  it("shows 'Token Balance Unavailable' for a network the app did not request, asking nothing", async () => {
    const api = answering()
    expect(await fetchBalancesThroughGate(api, alice, 'eip155:137')).toEqual({
      status: 'unsupported',
    })
    expect(api.fetchBalances).not.toHaveBeenCalled()
    expect(toastStore.get()).toMatchObject({ open: true, message: 'Token Balance Unavailable' })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS)
    expect(toastStore.get().open).toBe(false)
  })

  it('does not close the gate when the caller aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const api = { fetchBalances: vi.fn().mockRejectedValue(controller.signal.reason) }
    const result = await fetchBalancesThroughGate(api, alice, 'eip155:1', {
      signal: controller.signal,
    })
    expect(result.status).toBe('failed')
    expect(isBalanceFetchAllowed(alice, 'eip155:1')).toBe(true)
    expect(toastStore.get().open).toBe(false)
  })
})
