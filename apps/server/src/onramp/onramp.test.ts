// The onramp on the real server and a seeded devnet: options, quotes with their fees and limits,
// the sandbox checkout paying real coins from the treasury (dev account 8) exactly once.
import type { OnrampOptions, OnrampQuote } from '@portico/protocol/onramp'
import fc from 'fast-check'
import { parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  balanceOf,
  CONFIRM_CARD,
  cardForm,
  DECLINED_CARD,
  nonceOf,
  SUCCESS_CARD,
} from '../test/onramp-checkout-client'
import { ONRAMP_TREASURY as TREASURY, useOnrampServer } from '../test/onramp-server'

const onramp = useOnrampServer()
const { client } = onramp

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function quote(body: Record<string, unknown>): Promise<Response> {
  return client.api('/v1/onramp/quote', {
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    network: 'ethereum',
    ...body,
  })
}

/** The price book's USD price of ETH, as the modal reads it. */
async function ethPrice(): Promise<number> {
  const response = await client.api('/v1/fungible/price', {
    currency: 'usd',
    addresses: ['eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'],
    projectId: DEV_PROJECT_ID,
  })
  const { fungibles } = (await response.json()) as { fungibles: { price: number }[] }
  return fungibles[0]?.price ?? 0
}

async function expectRefusal(response: Response, code: string, message?: string) {
  const answer = (await response.json()) as { error: { code: string; message: string } }
  expect(response.status, JSON.stringify(answer)).toBe(400)
  expect(answer.error.code).toBe(code)
  if (message) expect(answer.error.message).toBe(message)
}

/** Every onramp order as it is stored. */
async function ordersSnapshot(): Promise<string> {
  const { rows } = await onramp.setup.server.app.portico.db.query(
    'SELECT * FROM onramp_orders ORDER BY id',
  )
  return JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value))
}

describe('GET /v1/onramp/options', () => {
  it('lists ETH on the served chain, USD and EUR with the limits per method, two providers', async () => {
    const response = await client.api('/v1/onramp/options')
    expect(response.status).toBe(200)
    const options = (await response.json()) as OnrampOptions
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        ],
      },
    ])
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    expect(options.providers).toHaveLength(2)
    for (const provider of options.providers) {
      expect(provider.feePercent).toBeGreaterThanOrEqual(1)
      expect(provider.feePercent).toBeLessThanOrEqual(2)
    }
    expect(options.providers.filter((p) => p.namespaces.includes('solana'))).toHaveLength(1)
  })
})

describe('POST /v1/onramp/quote', () => {
  it('charges a fee of 1 to 2 % and buys the rest at the pool price', async () => {
    const response = await quote({ amount: '100.00' })
    expect(response.status).toBe(200)
    const answer = (await response.json()) as OnrampQuote
    // 1.5 % of 100.00, a 0.50 network fee, 98.00 at the devnet pool's price (about 3000 USD).
    expect(answer.coinbaseFee).toEqual({ amount: '1.50', currency: 'USD' })
    expect(answer.networkFee).toEqual({ amount: '0.50', currency: 'USD' })
    expect(answer.paymentSubtotal).toEqual({ amount: '98.00', currency: 'USD' })
    expect(answer.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' })
    expect(answer.purchaseAmount.currency).toBe('ETH')
    const price = await ethPrice()
    expect(price).toBeGreaterThan(2900)
    expect(Number(answer.purchaseAmount.amount)).toBeCloseTo(98 / price, 7)
    expect(answer.quoteId).toMatch(/^[0-9a-f]{32}$/)
  })

  it('keeps every fee within 1-2 % of the payment, for both providers and currencies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1000, max: 750000 }),
        fc.constantFrom('portico-sandbox', 'sandbox-express'),
        fc.constantFrom('USD', 'EUR'),
        async (cents, provider, paymentCurrency) => {
          const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
          const answer = (await (
            await quote({ amount, provider, paymentCurrency })
          ).json()) as OnrampQuote
          const fee = parseUnits(answer.coinbaseFee.amount, 2)
          const total = parseUnits(answer.paymentTotal.amount, 2)
          expect(fee * 100n).toBeGreaterThanOrEqual(total)
          expect(fee * 100n).toBeLessThanOrEqual(total * 2n)
          expect(
            fee +
              parseUnits(answer.networkFee.amount, 2) +
              parseUnits(answer.paymentSubtotal.amount, 2),
          ).toBe(total)
          expect(answer.coinbaseFee.currency).toBe(paymentCurrency)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('refuses amounts outside the limits of the method, in either currency', async () => {
    for (const currency of ['USD', 'EUR']) {
      const card = `By card, the amount must be between 10.00 and 7500.00 ${currency}`
      const bank = `By bank account, the amount must be between 10.00 and 25000.00 ${currency}`
      const at = (amount: string, paymentMethod?: string) =>
        quote({ amount, paymentCurrency: currency, ...(paymentMethod ? { paymentMethod } : {}) })
      await expectRefusal(await at('5'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', card)
      await expectRefusal(await at('9.99'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', card)
      expect((await at('10')).status).toBe(200)
      expect((await at('7500.00')).status).toBe(200)
      await expectRefusal(await at('7500.01'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', card)
      await expectRefusal(await at('8000'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', card)
      expect((await at('8000', 'bank_account')).status).toBe(200)
      expect((await at('25000', 'bank_account')).status).toBe(200)
      await expectRefusal(await at('25000.01', 'bank_account'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', bank)
      await expectRefusal(await at('9.99', 'bank_account'), 'ONRAMP_AMOUNT_OUT_OF_LIMITS', bank)
    }
  })

  it('refuses what it cannot sell: another network, currency or provider, and loose input', async () => {
    await expectRefusal(await quote({ amount: '100', network: 'solana' }), 'ONRAMP_UNKNOWN_NETWORK')
    await expectRefusal(
      await quote({ amount: '100', purchaseCurrency: 'BTC' }),
      'ONRAMP_UNKNOWN_PURCHASE_CURRENCY',
    )
    await expectRefusal(
      await quote({ amount: '100', paymentCurrency: 'GBP' }),
      'ONRAMP_UNKNOWN_PAYMENT_CURRENCY',
      'Payment currency must be USD or EUR',
    )
    await expectRefusal(await quote({ amount: '100', provider: 'nope' }), 'ONRAMP_UNKNOWN_PROVIDER')
    await expectRefusal(await quote({ amount: 100 }), 'INVALID_REQUEST')
    await expectRefusal(await quote({ amount: '1.005' }), 'INVALID_REQUEST')
    await expectRefusal(await quote({ amount: '100', extra: 1 }), 'INVALID_REQUEST')
  })
})

describe('the sandbox checkout', () => {
  it('serves the order page as plain HTML under a strict Content-Security-Policy', async () => {
    const response = await client.api('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress() }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'user-1',
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    })
    const { url, orderId } = (await response.json()) as { url: string; orderId: string }
    expect(url).toBe(`${onramp.setup.server.url}/onramp/checkout/${orderId}`)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    const html = await page.text()
    expect(html).toContain('value="100.00"')
    expect(html).not.toMatch(/<script|https?:\/\//)
  })

  it('pays the quoted amount of ETH to the buyer once the success card is charged', async () => {
    const buyer = freshAddress()
    const expected = (await (await quote({ amount: '100.00' })).json()) as OnrampQuote
    const orderId = await client.startOrder(buyer)
    const paid = await client.pay(orderId, cardForm(SUCCESS_CARD))
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/onramp/checkout/${orderId}`)
    await client.waitForStatus(orderId, 'paid')
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBe(
      parseEther(expected.purchaseAmount.amount),
    )
    const order = await client.order(orderId)
    expect(order.purchaseAmount?.amount).toBe(expected.purchaseAmount.amount)
    expect(order.txHash).toMatch(/^0x[0-9a-f]{64}$/)

    const onrampQuery = new URLSearchParams({ onramp: 'coinbase', chainId: 'eip155:1' })
    const page = (await (
      await fetch(
        `${onramp.setup.server.url}/v1/account/${buyer}/history?projectId=${DEV_PROJECT_ID}&${onrampQuery}`,
      )
    ).json()) as { data: { id: string; transfers: { quantity: { numeric: string } }[] }[] }
    expect(page.data.map((item) => item.id)).toEqual([`eip155:1:${order.txHash}`])
    expect(page.data[0]?.transfers[0]?.quantity.numeric).toBe(expected.purchaseAmount.amount)
  })

  it('pays a replayed payment once, however often and however fast it is sent', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(onramp.setup.rpcUrl, TREASURY.address)
    const orderId = await client.startOrder(buyer)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.pay(orderId, cardForm(SUCCESS_CARD))),
    )
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303])
    await client.waitForStatus(orderId, 'paid')
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD))).status).toBe(303)
    const order = await client.order(orderId)
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBe(
      parseEther(order.purchaseAmount?.amount ?? ''),
    )
    expect(await nonceOf(onramp.setup.rpcUrl, TREASURY.address)).toBe(nonceBefore + 1n)
  })

  it('declines the declined card with a clear message and sends nothing', async () => {
    const buyer = freshAddress()
    const nonceBefore = await nonceOf(onramp.setup.rpcUrl, TREASURY.address)
    const orderId = await client.startOrder(buyer)
    expect((await client.pay(orderId, cardForm(DECLINED_CARD))).status).toBe(303)
    const order = await client.order(orderId)
    expect(order).toMatchObject({
      status: 'declined',
      message: 'Your card was declined.',
      txHash: null,
    })
    const page = await (await fetch(`${onramp.setup.server.url}/onramp/checkout/${orderId}`)).text()
    expect(page).toContain('Your card was declined.')
    // A later try with a good card on the same order changes nothing.
    await client.pay(orderId, cardForm(SUCCESS_CARD))
    expect((await client.order(orderId)).status).toBe('declined')
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBe(0n)
    expect(await nonceOf(onramp.setup.rpcUrl, TREASURY.address)).toBe(nonceBefore)
  })

  it('asks for the 3-D Secure confirmation, then pays; a cancelled one pays nothing', async () => {
    const buyer = freshAddress()
    const orderId = await client.startOrder(buyer)
    await client.pay(orderId, cardForm(CONFIRM_CARD, '50'))
    expect((await client.order(orderId)).status).toBe('awaiting_confirmation')
    const page = await (await fetch(`${onramp.setup.server.url}/onramp/checkout/${orderId}`)).text()
    expect(page).toContain('Confirm your payment')
    const confirmed = await fetch(`${onramp.setup.server.url}/onramp/checkout/${orderId}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(confirmed.status).toBe(303)
    await client.waitForStatus(orderId, 'paid')
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBeGreaterThan(0n)

    const other = freshAddress()
    const cancelledId = await client.startOrder(other)
    await client.pay(cancelledId, cardForm(CONFIRM_CARD, '50'))
    await fetch(`${onramp.setup.server.url}/onramp/checkout/${cancelledId}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(await client.order(cancelledId)).toMatchObject({
      status: 'declined',
      message: 'The payment was not confirmed with your bank.',
    })
    expect(await balanceOf(onramp.setup.rpcUrl, other)).toBe(0n)
  })

  it('refuses 5 USD and 8,000 USD by card on the checkout, and bad forms, changing nothing', async () => {
    const orderId = await client.startOrder(freshAddress())
    const before = await ordersSnapshot()
    const refusals: [Record<string, string>, string][] = [
      [cardForm(SUCCESS_CARD, '5'), 'By card, the amount must be between 10.00 and 7500.00 USD'],
      [cardForm(SUCCESS_CARD, '8000'), 'By card, the amount must be between 10.00 and 7500.00 USD'],
      [
        cardForm(SUCCESS_CARD, '8000', 'EUR'),
        'By card, the amount must be between 10.00 and 7500.00 EUR',
      ],
      [cardForm('4111 1111 1111 1111'), 'This sandbox takes only its test cards'],
      [
        { ...cardForm(SUCCESS_CARD), expiry: '01/20' },
        'Enter an expiry date in the future as MM/YY',
      ],
      [{ ...cardForm(SUCCESS_CARD), cvc: '' }, 'Enter the 3 or 4 digit CVC'],
      [{ ...cardForm(SUCCESS_CARD), currency: 'GBP' }, 'Payment currency must be USD or EUR'],
      [{ ...cardForm(SUCCESS_CARD), admin: '1' }, 'Unknown field: admin'],
    ]
    for (const [form, message] of refusals) {
      const response = await client.pay(orderId, form)
      expect(response.status, message).toBe(400)
      expect(await response.text()).toContain(message)
    }
    // One wrong field costs only that field: the others come back as typed.
    const page = await (await client.pay(orderId, { ...cardForm(SUCCESS_CARD), cvc: '' })).text()
    expect(page).toContain(`value="${SUCCESS_CARD}"`)
    expect(page).toContain('value="12/39"')
    expect(page).toContain('value="Ada Buyer"')
    const unknown = await client.pay('0'.repeat(32), cardForm(SUCCESS_CARD))
    expect(unknown.status).toBe(404)
    expect(await ordersSnapshot()).toBe(before)
  })

  it('refuses onrampurl bodies it cannot serve, storing no order', async () => {
    const before = await ordersSnapshot()
    const base = {
      destinationWallets: [{ address: freshAddress() }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'u',
      defaultExperience: 'buy',
    }
    const bad: [unknown, string][] = [
      [{ ...base, destinationWallets: [{ address: 'nope' }] }, 'ONRAMP_INVALID_DESTINATION'],
      [
        { ...base, destinationWallets: [{ address: freshAddress(), blockchains: ['base'] }] },
        'ONRAMP_INVALID_DESTINATION',
      ],
      [{ ...base, defaultNetwork: 'solana' }, 'ONRAMP_UNKNOWN_NETWORK'],
      [{ ...base, defaultExperience: 'send' }, 'INVALID_REQUEST'],
      [{ ...base, paymentCurrency: 'JPY' }, 'ONRAMP_UNKNOWN_PAYMENT_CURRENCY'],
      [{ ...base, purchaseCurrency: 'USDC' }, 'ONRAMP_UNKNOWN_PURCHASE_CURRENCY'],
      [{ ...base, destinationWallets: [] }, 'INVALID_REQUEST'],
      [{ ...base, presetFiatAmount: '100' }, 'INVALID_REQUEST'],
      [{ ...base, unknown: true }, 'INVALID_REQUEST'],
    ]
    for (const [body, code] of bad) {
      await expectRefusal(await client.api('/v1/generators/onrampurl', body), code)
    }
    expect(await ordersSnapshot()).toBe(before)
  })

  it('shows an order only to the project that started it', async () => {
    const orderId = await client.startOrder(freshAddress())
    const projects = onramp.setup.server.app.portico.projects
    const other = await projects.create({ name: 'Other' })
    const response = await fetch(
      `${onramp.setup.server.url}/v1/onramp/orders/${orderId}?projectId=${other.id}`,
    )
    expect(response.status).toBe(404)
  })
})
