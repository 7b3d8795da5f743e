// Each order is a checkout a test card can pay from the sandbox's treasury: one client IP and
// one project each start only so many in a window (429 RATE_LIMITED with Retry-After past it),
// refused ones store nothing, and the next window starts afresh.
import { DEV_ACCOUNTS } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { startDevnetServer } from '../test/devnet-server'
import { onrampClient } from '../test/onramp-checkout-client'
import { ONRAMP_SANDBOX } from '../test/onramp-server'
import { startedPerFile } from '../test/started-per-file'
import { DEFAULT_ONRAMP_ORDER_LIMITS } from './onramp-constants'

const WINDOW_MS = 10 * 60_000
const PER_IP = 5
const PER_PROJECT = 3

const setup = startedPerFile('the onramp server with tight order limits', () =>
  startDevnetServer({
    config: {
      onramp: {
        ...ONRAMP_SANDBOX,
        orderLimits: {
          perIp: { limit: PER_IP, windowMs: WINDOW_MS },
          perProject: { limit: PER_PROJECT, windowMs: WINDOW_MS },
        },
      },
    },
  }),
)

function orderBody(address: string) {
  return {
    destinationWallets: [{ address, blockchains: ['ethereum'], assets: ['ETH'] }],
    defaultNetwork: 'ethereum',
    partnerUserId: address,
    defaultExperience: 'buy',
    presetFiatAmount: 100,
  }
}

async function orderCount(): Promise<number> {
  const { rows } = await setup().server.app.portico.db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM onramp_orders',
  )
  return Number(rows[0]?.count)
}

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  const { error } = (await response.json()) as { error: { code: string; message: string } }
  expect(error.code).toBe('RATE_LIMITED')
  expect(error.message).toMatch(/^Too many requests; try again in \d+ seconds$/)
}

describe('onramp order limits', () => {
  it('has limits by default, per IP and per project', () => {
    expect(loadConfig({}).onramp.orderLimits).toEqual(DEFAULT_ONRAMP_ORDER_LIMITS)
    expect(DEFAULT_ONRAMP_ORDER_LIMITS.perIp.limit).toBeLessThan(
      DEFAULT_ONRAMP_ORDER_LIMITS.perProject.limit,
    )
  })

  it('refuses a project past its orders, then the address past its own, storing nothing', async () => {
    const { server } = setup()
    const other = await server.app.portico.projects.create({ name: 'Other shop' })
    const shop = onrampClient(() => server.url)
    const otherShop = onrampClient(() => server.url, other.id)
    const buyer = DEV_ACCOUNTS[3].address

    for (let index = 0; index < PER_PROJECT; index++) {
      expect((await shop.api('/v1/generators/onrampurl', orderBody(buyer))).status).toBe(200)
    }
    // The project's ceiling: this address has orders left, the project has none.
    await expectRateLimited(await shop.api('/v1/generators/onrampurl', orderBody(buyer)))
    expect(await orderCount()).toBe(PER_PROJECT)

    // Another project still starts orders, until the address reaches its own limit (the refused
    // try above counted: PER_IP - PER_PROJECT - 1 left).
    expect((await otherShop.api('/v1/generators/onrampurl', orderBody(buyer))).status).toBe(200)
    await expectRateLimited(await otherShop.api('/v1/generators/onrampurl', orderBody(buyer)))
    // A malformed try counts too, and is refused for the rate before anything else.
    await expectRateLimited(
      await otherShop.api('/v1/generators/onrampurl', {
        ...orderBody(buyer),
        defaultNetwork: 'nowhere',
      }),
    )
    expect(await orderCount()).toBe(PER_PROJECT + 1)

    // The next window starts afresh.
    setup().clock.advance(WINDOW_MS)
    expect((await shop.api('/v1/generators/onrampurl', orderBody(buyer))).status).toBe(200)
  })
})
