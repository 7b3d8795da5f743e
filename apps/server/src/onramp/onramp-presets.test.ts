// The checkout's preset amount (POST /v1/generators/onrampurl): presetFiatAmount as given, and
// presetCryptoAmount turned into the payment that buys it by the quote's own arithmetic; presets
// outside the card's limits are refused with them, storing nothing.
import type { OnrampQuote } from '@portico/protocol/onramp'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { balanceOf, cardForm, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { useOnrampServer } from '../test/onramp-server'

const onramp = useOnrampServer()
const { client } = onramp

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** The amount the checkout's form shows for an order started with these presets. */
async function checkoutAmount(orderId: string): Promise<string> {
  const html = await (await fetch(`${onramp.setup.server.url}/onramp/checkout/${orderId}`)).text()
  return /id="amount"[^>]* value="([^"]*)"/.exec(html)?.[1] ?? 'none'
}

async function purchaseFor(amount: string, paymentCurrency = 'USD'): Promise<bigint> {
  const response = await client.api('/v1/onramp/quote', {
    purchaseCurrency: 'ETH',
    paymentCurrency,
    network: 'ethereum',
    amount,
  })
  const quote = (await response.json()) as OnrampQuote
  return parseEther(quote.purchaseAmount.amount)
}

/** One cent less, as the checkout's amount is written. */
function centLess(amount: string): string {
  const cents = Math.round(Number(amount) * 100) - 1
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

async function ordersCount(): Promise<number> {
  const { rows } = await onramp.setup.server.app.portico.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM onramp_orders',
  )
  return Number(rows[0]?.count)
}

describe('presets of the checkout amount', () => {
  it('presets the payment that buys presetCryptoAmount, and paying it delivers at least that', async () => {
    for (const [coins, currency] of [
      [0.01, 'USD'],
      [0.5, 'EUR'],
      [0.03276823, 'USD'],
    ] as const) {
      const orderId = await client.startOrder(freshAddress(), {
        presetFiatAmount: undefined,
        presetCryptoAmount: coins,
        paymentCurrency: currency,
      })
      const amount = await checkoutAmount(orderId)
      expect(amount).toMatch(/^\d+\.\d\d$/)
      // The smallest payment that buys it: one cent less buys less.
      expect(await purchaseFor(amount, currency)).toBeGreaterThanOrEqual(parseEther(String(coins)))
      expect(await purchaseFor(centLess(amount), currency)).toBeLessThan(parseEther(String(coins)))
    }

    const buyer = freshAddress()
    const orderId = await client.startOrder(buyer, {
      presetFiatAmount: undefined,
      presetCryptoAmount: 0.02,
    })
    const amount = await checkoutAmount(orderId)
    expect((await client.pay(orderId, cardForm(SUCCESS_CARD, amount))).status).toBe(303)
    await client.waitForStatus(orderId, 'paid')
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBe(await purchaseFor(amount))
    expect(await balanceOf(onramp.setup.rpcUrl, buyer)).toBeGreaterThanOrEqual(parseEther('0.02'))
  })

  it('presets presetFiatAmount as given', async () => {
    const orderId = await client.startOrder(freshAddress(), { presetFiatAmount: 250 })
    expect(await checkoutAmount(orderId)).toBe('250.00')
  })

  it('takes the spec payload with both presets as the peer sends it: presetCryptoAmount wins', async () => {
    const cryptoOnly = await checkoutAmount(
      await client.startOrder(freshAddress(), {
        presetFiatAmount: undefined,
        presetCryptoAmount: 0.02,
      }),
    )
    const response = await client.api('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['ethereum'], assets: ['ETH'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: 'peer-client',
      defaultExperience: 'buy',
      presetCryptoAmount: 0.02,
      presetFiatAmount: 250,
    })
    expect(response.status).toBe(200)
    const { orderId, url } = (await response.json()) as { orderId: string; url: string }
    expect(url).toContain(orderId)
    expect(await checkoutAmount(orderId)).toBe(cryptoOnly)
    expect(cryptoOnly).not.toBe('250.00')
  })

  it('refuses presets outside the card limits, storing no order', async () => {
    const before = await ordersCount()
    const refusals: [Record<string, unknown>, string, string][] = [
      // About 300,000 USD and about 3 USD of ETH at the devnet's price.
      [
        { presetCryptoAmount: 100 },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 USD',
      ],
      [
        { presetCryptoAmount: 0.001, paymentCurrency: 'EUR' },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 EUR',
      ],
      [
        { presetCryptoAmount: 0 },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 USD',
      ],
      [
        { presetFiatAmount: 8000 },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 USD',
      ],
      [
        { presetFiatAmount: 5 },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 USD',
      ],
      // Both presets: presetCryptoAmount decides, so its limits refuse, whatever the fiat says.
      [
        { presetFiatAmount: 100, presetCryptoAmount: 100 },
        'ONRAMP_AMOUNT_OUT_OF_LIMITS',
        'By card, the amount must be between 10.00 and 7500.00 USD',
      ],
      [{ presetCryptoAmount: -1 }, 'INVALID_REQUEST', ''],
      [{ presetCryptoAmount: '0.01' }, 'INVALID_REQUEST', ''],
    ]
    for (const [extra, code, message] of refusals) {
      const response = await client.api('/v1/generators/onrampurl', {
        destinationWallets: [{ address: freshAddress() }],
        defaultNetwork: 'ethereum',
        partnerUserId: 'u',
        defaultExperience: 'buy',
        ...extra,
      })
      const answer = (await response.json()) as { error: { code: string; message: string } }
      expect(response.status, JSON.stringify(extra)).toBe(400)
      expect(answer.error.code).toBe(code)
      if (message) expect(answer.error.message).toBe(message)
    }
    expect(await ordersCount()).toBe(before)
  })
})
