// The sandbox checkout takes test cards and pays real coins from a treasury: it runs only when
// the operator turns it on (PORTICO_ONRAMP_SANDBOX=1, with the treasury key), never with a chain
// served from elsewhere, and with it off no checkout page answers and no order starts, while
// options and quotes still do.
import { DEV_ACCOUNTS } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startDevnetServer } from '../test/devnet-server'
import { cardForm, nonceOf, onrampClient, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { startedPerFile } from '../test/started-per-file'
import { OrderStore } from './order-store'

const TREASURY_KEY = DEV_ACCOUNTS[8].privateKey
const LOCAL_CHAIN = JSON.stringify({ 1: 'http://127.0.0.1:8545' })

describe('PORTICO_ONRAMP_SANDBOX', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).onramp.sandbox).toBeUndefined()
    expect(loadConfig({ PORTICO_ONRAMP_SANDBOX: '0' }).onramp.sandbox).toBeUndefined()
    const on = loadConfig({
      PORTICO_ONRAMP_SANDBOX: '1',
      PORTICO_ONRAMP_TREASURY_KEY: TREASURY_KEY,
      PORTICO_CHAINS: LOCAL_CHAIN,
    })
    expect(on.onramp.sandbox).toEqual({ treasuryKey: TREASURY_KEY })
    expect(() => loadConfig({ PORTICO_ONRAMP_SANDBOX: 'yes' })).toThrow(
      'PORTICO_ONRAMP_SANDBOX must be 1 (on) or 0 (off), got "yes"',
    )
  })

  it('refuses a treasury key without the sandbox, and the sandbox without a key', () => {
    expect(() => loadConfig({ PORTICO_ONRAMP_TREASURY_KEY: TREASURY_KEY })).toThrow(
      'PORTICO_ONRAMP_TREASURY_KEY is used only by the onramp sandbox: set PORTICO_ONRAMP_SANDBOX=1 on a devnet, or remove the key',
    )
    expect(() => loadConfig({ PORTICO_ONRAMP_SANDBOX: '1' })).toThrow(
      'PORTICO_ONRAMP_SANDBOX=1 needs PORTICO_ONRAMP_TREASURY_KEY, the account that pays purchases out',
    )
    expect(() =>
      loadConfig({ PORTICO_ONRAMP_SANDBOX: '1', PORTICO_ONRAMP_TREASURY_KEY: '0x1234' }),
    ).toThrow('PORTICO_ONRAMP_TREASURY_KEY must be 0x and 64 hex digits')
  })

  it.each([
    ['an RPC provider', 'https://eth-mainnet.example.com/v2/key'],
    ['a node on the network', 'http://10.0.0.5:8545'],
    ['a name that only starts like localhost', 'http://localhost.example.com:8545'],
  ])('refuses to start with a chain served from %s', (_where, rpcUrl) => {
    const env = {
      PORTICO_ONRAMP_SANDBOX: '1',
      PORTICO_ONRAMP_TREASURY_KEY: TREASURY_KEY,
      PORTICO_CHAINS: JSON.stringify({ 1: 'http://127.0.0.1:8545', 10: rpcUrl }),
    }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(
      `PORTICO_ONRAMP_SANDBOX=1 pays test cards with real coins, so it runs only on local devnets; the RPC of eip155:10 is not on this machine (${new URL(rpcUrl).host})`,
    )
    // The same when the sandbox comes in code (the start script, tests).
    expect(() =>
      loadConfig(
        {},
        { chains: { 10: rpcUrl }, onramp: { sandbox: { treasuryKey: TREASURY_KEY } } },
      ),
    ).toThrow(ConfigError)
  })

  it('runs on chains served from this machine', () => {
    for (const rpcUrl of ['http://localhost:8545', 'http://127.0.0.2:8545', 'http://[::1]:8545']) {
      const config = loadConfig(
        {},
        { chains: { 1: rpcUrl }, onramp: { sandbox: { treasuryKey: TREASURY_KEY } } },
      )
      expect(config.onramp.sandbox).toBeDefined()
    }
  })
})

describe('with the sandbox off', () => {
  // Configured as production would be for the onramp: prices, chains, no sandbox.
  const setup = startedPerFile('a server without the sandbox', () => startDevnetServer())
  const client = onrampClient(() => setup().server.url)

  async function orderRows() {
    const { rows } = await setup().server.app.portico.db.query('SELECT * FROM onramp_orders')
    return rows
  }

  it('still answers options and quotes', async () => {
    expect((await client.api('/v1/onramp/options')).status).toBe(200)
    const quote = await client.api('/v1/onramp/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100.00',
      network: 'ethereum',
    })
    expect(quote.status).toBe(200)
  })

  it('starts no order', async () => {
    const buyer = DEV_ACCOUNTS[3].address
    const response = await client.api('/v1/generators/onrampurl', {
      destinationWallets: [{ address: buyer, blockchains: ['ethereum'], assets: ['ETH'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: buyer,
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'ONRAMP_UNAVAILABLE', message: 'Onramp is not available on this server' },
    })
    expect(await orderRows()).toEqual([])
  })

  it('serves no checkout page, and a test card pays nothing for an order left from before', async () => {
    // An order a sandbox run left in the database.
    const id = 'ab'.repeat(16)
    await new OrderStore(setup().server.app.portico.db).create({
      id,
      projectId: DEV_PROJECT_ID,
      provider: 'portico-sandbox',
      partnerUserId: 'buyer',
      chainId: 1,
      destination: DEV_ACCOUNTS[3].address.toLowerCase(),
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      presetFiatCents: 100_00n,
    })
    const before = await orderRows()
    const treasuryNonce = await nonceOf(setup().rpcUrl, DEV_ACCOUNTS[8].address)

    const page = await fetch(`${setup().server.url}/onramp/checkout/${id}`)
    expect(page.status).toBe(404)
    expect(page.headers.get('content-type')).not.toContain('text/html')
    const paid = await client.pay(id, cardForm(SUCCESS_CARD))
    expect(paid.status).toBe(404)
    for (const step of ['confirm', 'cancel']) {
      const answer = await fetch(`${setup().server.url}/onramp/checkout/${id}/${step}`, {
        method: 'POST',
      })
      expect(answer.status).toBe(404)
    }
    expect(await orderRows()).toEqual(before)
    expect(await nonceOf(setup().rpcUrl, DEV_ACCOUNTS[8].address)).toBe(treasuryNonce)
  })
})
