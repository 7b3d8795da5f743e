// Malformed input to the onramp, drawn by fast-check, on a server that can really pay (devnet,
// treasury): never a 5xx, the error shape on every JSON refusal, and no order created or changed.
import { DEV_ACCOUNTS } from '@portico/devnet'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRefusal } from '../test/expect-refusal'
import { useOnrampServer } from '../test/onramp-server'
import { storedRows } from '../test/stored-rows'

const onramp = useOnrampServer()
const { client } = onramp
let orderId = ''
let baseline = ''

beforeAll(async () => {
  orderId = await client.startOrder(DEV_ACCOUNTS[3].address)
  baseline = await stored.read()
})

const stored = storedRows(() => onramp.setup.server.app.portico.db, ['onramp_orders'])

const RUNS = { numRuns: 150 }

/** Bodies near the valid ones: right keys with wrong values, extra keys, wrong types. */
const nearQuote = fc.record(
  {
    purchaseCurrency: fc.oneof(fc.constantFrom('ETH', 'eth', '', 'BTC'), fc.jsonValue()),
    paymentCurrency: fc.oneof(fc.constantFrom('USD', 'EUR', 'usd', 'GBP'), fc.jsonValue()),
    amount: fc.oneof(
      fc.constantFrom('5', '9.99', '7500.01', '8000', '25000.01', '-1', '1e3', '0', '00.1', ' 10'),
      fc.jsonValue(),
    ),
    network: fc.oneof(fc.constantFrom('ethereum', 'solana', 'base', ''), fc.jsonValue()),
    paymentMethod: fc.oneof(fc.constantFrom('card', 'bank', 'cash'), fc.jsonValue()),
    provider: fc.oneof(fc.constantFrom('nope', ''), fc.jsonValue()),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

const nearUrl = fc.record(
  {
    destinationWallets: fc.oneof(
      fc.array(
        fc.record(
          {
            address: fc.oneof(fc.constantFrom('0x12', DEV_ACCOUNTS[3].address), fc.jsonValue()),
            blockchains: fc.oneof(fc.constant(['base']), fc.jsonValue()),
            assets: fc.oneof(fc.constant(['USDC']), fc.jsonValue()),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 10 },
      ),
      fc.jsonValue(),
    ),
    defaultNetwork: fc.oneof(fc.constantFrom('ethereum', 'solana', ''), fc.jsonValue()),
    partnerUserId: fc.oneof(fc.constantFrom('', 'x'.repeat(200)), fc.jsonValue()),
    defaultExperience: fc.oneof(fc.constantFrom('send', 'buy '), fc.jsonValue()),
    presetFiatAmount: fc.oneof(fc.constantFrom(-1, 1e10, '100'), fc.jsonValue()),
    presetCryptoAmount: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

describe('malformed onramp input', () => {
  it.each([
    ['/v1/onramp/quote', nearQuote],
    ['/v1/generators/onrampurl', nearUrl],
  ] as const)('POST %s: never a 5xx, no order stored', async (path, near) => {
    const body = fc.oneof(
      near.map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const response = await client.api(path, text)
        // A near body can be valid by chance only for the quote (it stores nothing).
        if (response.status === 200 && path === '/v1/onramp/quote') return
        await expectRefusal(response, `${path} ${text.slice(0, 200)}`, { errorShape: 'when-json' })
      }),
      RUNS,
    )
    expect(await stored.read()).toBe(baseline)
  })

  it('POST the checkout form with malformed fields: never a 5xx, the order unchanged', async () => {
    const field = fc.tuple(
      fc.constantFrom('amount', 'currency', 'cardNumber', 'expiry', 'cvc', 'name', 'x', ''),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('4242424242424242', '5', '8000', 'EUR', '12/39', '123', '%'),
      ),
    )
    const form = fc.oneof(
      fc.array(field, { maxLength: 8 }).map((fields) => new URLSearchParams(fields).toString()),
      fc.string({ unit: 'binary', maxLength: 300 }),
    )
    const path = fc.constantFrom(
      `/onramp/checkout/${orderId}/pay`,
      `/onramp/checkout/${orderId.toUpperCase()}/pay`,
      '/onramp/checkout/%00/pay',
      `/onramp/checkout/${orderId}/confirm`,
    )
    await fc.assert(
      fc.asyncProperty(path, form, async (at, body) => {
        const response = await fetch(`${onramp.setup.server.url}${at}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
        })
        // confirm on an order not awaiting it: shown the order (303), nothing changes.
        if (response.status === 303) return
        await expectRefusal(response, `${at} ${body.slice(0, 200)}`, { errorShape: 'when-json' })
      }),
      RUNS,
    )
    expect(await stored.read()).toBe(baseline)
  })
})
