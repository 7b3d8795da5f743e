import { alice, ethToken, swapTestClient, usdcToken } from '@portico/test-kit/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import { HttpStatusError } from '../api/http'
import { resetSwap, setSwapAmount, setSwapToken, swapStore } from '../state/swap'
import { cancelSwapQuote, requestSwapQuote, SWAP_QUOTE_DEBOUNCE_MS } from './swap-quote'

/** The swapping account: the test wallet's, on mainnet. */
const account: ChainAccount = {
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  address: alice,
  caipAddress: `eip155:1:${alice}`,
}

const quotes = (fromAmount: string, toAmount: string) => ({
  quotes: [
    {
      id: 'uniswap-v2:a>b',
      fromAmount,
      fromAccount: ethToken.address,
      toAmount,
      toAccount: usdcToken.address,
      priceImpact: 0.35,
      path: ['0xa', '0xb'],
      gas: '120000',
    },
  ],
})

beforeEach(() => {
  resetSwap()
  setSwapToken('from', ethToken)
  setSwapToken('to', usdcToken)
})

afterEach(() => {
  cancelSwapQuote()
  vi.useRealTimers()
})

describe('the quote as the amount changes', () => {
  it('asks once typing rests for the debounce, for the last amount typed', async () => {
    const { client, calls } = await swapTestClient()
    vi.useFakeTimers()
    for (const typed of ['0', '0.', '0.1']) {
      setSwapAmount(typed)
      void requestSwapQuote(client, account)
      vi.advanceTimersByTime(100)
    }
    expect(calls).toHaveLength(0)
    expect(swapStore.get().quoteLoading).toBe(true)
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS - 100)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.path).toBe('/v1/convert/quotes')
    expect(calls[0]?.query).toMatchObject({
      amount: '100000000000000000',
      userAddress: alice,
      from: ethToken.address,
      to: usdcToken.address,
    })
  })

  it('never shows an older answer over a newer one, whichever arrives last', async () => {
    const { client, calls } = await swapTestClient()
    vi.useFakeTimers()
    setSwapAmount('1')
    const first = requestSwapQuote(client, account)
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS)
    setSwapAmount('2')
    const second = requestSwapQuote(client, account)
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS)
    expect(calls.map((call) => call.query?.amount)).toEqual([
      '1000000000000000000',
      '2000000000000000000',
    ])
    // The newer answers first, then the older one comes in late.
    calls[1]?.answer(quotes('2000000000000000000', '5960000000'))
    await second
    calls[0]?.answer(quotes('1000000000000000000', '2990000000'))
    await first
    // Let the late answer run all the way through.
    await vi.advanceTimersByTimeAsync(SWAP_QUOTE_DEBOUNCE_MS)
    expect(swapStore.get().quote).toMatchObject({ amount: '2', toAmount: 5_960_000_000n })
    expect(swapStore.get().quoteLoading).toBe(false)
    // The older request was also told to stop.
    expect(calls[0]?.signal?.aborted).toBe(true)
  })

  it('shows the quote with its price impact and gas, and drops it when the amount is cleared', async () => {
    const { client, calls } = await swapTestClient()
    setSwapAmount('0.1')
    const asked = requestSwapQuote(client, account, { delayMs: 0 })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    calls[0]?.answer(quotes('100000000000000000', '299000000'))
    await asked
    expect(swapStore.get().quote).toEqual({
      from: ethToken.address,
      to: usdcToken.address,
      amount: '0.1',
      fromAmount: 100_000_000_000_000_000n,
      toAmount: 299_000_000n,
      priceImpact: 0.35,
      gas: 120_000n,
    })
    setSwapAmount(undefined)
    await requestSwapQuote(client, account)
    expect(swapStore.get().quote).toBeUndefined()
    expect(calls).toHaveLength(1)
  })

  it("says why when the server has no quote, and asks nothing for an amount that isn't one", async () => {
    const { client, calls } = await swapTestClient()
    setSwapAmount('abc')
    await requestSwapQuote(client, account, { delayMs: 0 })
    expect(calls).toHaveLength(0)
    setSwapAmount('5')
    const asked = requestSwapQuote(client, account, { delayMs: 0 })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    calls[0]?.answer({ quotes: [] })
    await asked
    expect(swapStore.get()).toMatchObject({
      quote: undefined,
      quoteLoading: false,
      quoteError: 'No quote for this swap',
    })
    // A refusal (no route, more than the pools hold) says the same, not its status code.
    setSwapAmount('1000000')
    const refused = requestSwapQuote(client, account, { delayMs: 0 })
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    calls[1]?.fail(new HttpStatusError(400))
    await refused
    expect(swapStore.get().quoteError).toBe('No quote for this swap')
  })
})
