import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../api/http'
import { DEFAULT_ONRAMP_OPTIONS, placeholderQuote } from '../api/onramp'
import { onrampStore, setOnrampAmount, setOnrampPaymentCurrency } from '../state/onramp'
import { loadOnrampOptions, onrampAmountProblem, quoteOnramp } from './onramp-flow'

// A server that fails every onramp call (status 500), and a port nothing listens on.
let failing: Server
let failingUrl = ''
beforeAll(async () => {
  failing = createServer((_request, response) => response.writeHead(500).end())
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())))
afterEach(() => onrampStore.reset())

const DEFAULT_QUOTE = placeholderQuote({
  purchaseCurrency: 'ETH',
  paymentCurrency: 'USD',
  amount: '100',
  network: 'ethereum',
})

function clientOf(baseUrl: string) {
  const http = createHttpClient({ baseUrl, projectId: 'f94537f769cddac7aff0d3d7b370838e' })
  return {
    chain: () => Promise.reject(new Error('no wallet in these tests')),
    api: { http, blockchain: { fetchBalances: async () => [] } },
  }
}

describe('the onramp flow', () => {
  it('uses the built-in options when the server cannot be reached', async () => {
    await loadOnrampOptions(clientOf('http://127.0.0.1:1'))
    const state = onrampStore.get()
    expect(state.options).toBe(DEFAULT_ONRAMP_OPTIONS)
    expect(state.optionsFallback).toBe(true)
    expect(state.providerId).toBe('portico-sandbox')
    const limits = state.options?.paymentCurrencies.map(
      (currency) => currency.payment_method_limits,
    )
    expect(limits?.[0]).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'bank_account', min: '10.00', max: '25000.00' },
    ])
  })

  it('shows a placeholder quote when the quote call fails', async () => {
    const client = clientOf(failingUrl)
    await loadOnrampOptions(client)
    setOnrampAmount('100')
    await quoteOnramp(client, 'eip155:1')
    const state = onrampStore.get()
    expect(state.quotePlaceholder).toBe(true)
    expect(state.quote?.paymentTotal).toEqual({ amount: '100', currency: 'USD' })
    expect(state.quote?.purchaseAmount).toEqual({ amount: '0', currency: 'ETH' })
    expect(state.error).toBeUndefined()
  })

  it('refuses 5 USD and 8,000 USD by card before asking for a quote', async () => {
    const client = clientOf('http://127.0.0.1:1')
    await loadOnrampOptions(client)
    for (const amount of ['5', '8000']) {
      setOnrampAmount(amount)
      await quoteOnramp(client, 'eip155:1')
      expect(onrampStore.get()).toMatchObject({
        quote: undefined,
        error: 'By card, the amount must be between 10.00 and 7500.00 USD',
      })
    }
    setOnrampPaymentCurrency('EUR')
    expect(onrampAmountProblem(DEFAULT_ONRAMP_OPTIONS, 'EUR', '7500.01')).toBe(
      'By card, the amount must be between 10.00 and 7500.00 EUR',
    )
    expect(onrampAmountProblem(DEFAULT_ONRAMP_OPTIONS, 'EUR', '10')).toBeUndefined()
    expect(onrampAmountProblem(DEFAULT_ONRAMP_OPTIONS, 'USD', 'ten')).toBe(
      'Enter an amount, e.g. 100.00',
    )
  })
})

describe('the onramp store', () => {
  it('keeps the quote when the amount picked is the one it is for', async () => {
    const quote = DEFAULT_QUOTE
    onrampStore.set({ amount: '100', quote })
    setOnrampAmount('100')
    expect(onrampStore.get().quote).toBe(quote)
    setOnrampAmount('50')
    expect(onrampStore.get().quote).toBeUndefined()
  })
})
