// Every URL the server hands out starts with its public origin (PORTICO_API_PUBLIC_URL, else the
// listener's address), whatever Host header the request carried: a forged `Host: evil.example`
// (with X-Forwarded-Host and -Proto for good measure) appears in no answer, body or header, of
// the routes that write URLs: the onramp checkout, token icons in balances, prices, swaps and
// history, the frame page and its CSP, the checkout's redirect, the OpenAPI document.
import { DEV_ACCOUNTS, DEVNET_CONTRACTS } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { devnetConvertConfig } from '../test/devnet-convert-config'
import { type DevnetServer, devnetBalanceConfig, startDevnetServer } from '../test/devnet-server'
import { FORGED_HOST, type ForgedAnswer, forgedHostRequest as forged } from '../test/forged-host'
import { type FrameBuild, writeFrameBuild } from '../test/frame-build'
import { TEST_INDEXER_POLL_MS, waitUntilIndexed } from '../test/indexer-caught-up'
import { cardForm, SUCCESS_CARD } from '../test/onramp-checkout-client'
import { ONRAMP_SANDBOX } from '../test/onramp-server'
import { startTestServer, type TestServer } from '../test/test-server'

const EVIL = FORGED_HOST
const PAGE = 'http://localhost:5173'
const account = DEV_ACCOUNTS[0].address
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

function withProject(base: string, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
  for (const [name, value] of Object.entries(query)) search.set(name, value)
  return `${base}${path}?${search}`
}

/** The answer names neither the forged host anywhere, nor any http(s) origin but `origin`. */
function expectOnly(answer: ForgedAnswer, origin: string) {
  const whole = `${JSON.stringify(answer.headers)}\n${answer.text}`
  expect(whole).not.toContain(EVIL)
  const origins = new Set(
    [...answer.text.matchAll(/https?:\/\/[a-z0-9.[\]:-]+/gi)].map((match) => match[0]),
  )
  expect([...origins].filter((found) => found !== origin && !found.startsWith(PAGE))).toEqual([])
}

const orderBody = JSON.stringify({
  destinationWallets: [{ address: account, blockchains: ['ethereum'], assets: ['ETH'] }],
  defaultNetwork: 'ethereum',
  partnerUserId: account,
  defaultExperience: 'buy',
  presetFiatAmount: 100,
})

const serverConfig = {
  ...devnetBalanceConfig([1]),
  ...devnetConvertConfig([1]),
  onramp: ONRAMP_SANDBOX,
  indexer: { enabled: true, pollIntervalMs: TEST_INDEXER_POLL_MS },
}

let setup: DevnetServer
let build: FrameBuild
beforeAll(async () => {
  build = writeFrameBuild()
  setup = await startDevnetServer({
    config: { ...serverConfig, frame: { port: 0, dir: build.dir } },
  })
  await waitUntilIndexed(setup.server.app.portico.db, { chainId: 1, rpcUrl: setup.rpcUrl })
}, 120_000)
afterAll(async () => {
  await setup?.stop()
  build?.remove()
})

describe('a forged Host header', () => {
  it('is not in the onramp checkout URL, nor in the checkout page and its redirect', async () => {
    const base = setup.server.url
    const started = await forged(withProject(base, '/v1/generators/onrampurl'), {
      method: 'POST',
      body: orderBody,
    })
    expect(started.status).toBe(200)
    expectOnly(started, base)
    const { url, orderId } = JSON.parse(started.text) as { url: string; orderId: string }
    expect(url).toBe(`${base}/onramp/checkout/${orderId}`)

    const page = await forged(`${base}/onramp/checkout/${orderId}`)
    expect(page.status).toBe(200)
    expectOnly(page, base)
    const paid = await forged(`${base}/onramp/checkout/${orderId}/pay`, {
      method: 'POST',
      body: new URLSearchParams(cardForm(SUCCESS_CARD)).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.location).toBe(`/onramp/checkout/${orderId}`)
    expectOnly(paid, base)
  })

  it('is not in the token icons of balances, prices, swap tokens and history', async () => {
    const base = setup.server.url
    const answers = [
      await forged(
        withProject(base, `/v1/account/${account}/balance`, {
          currency: 'usd',
          chainId: 'eip155:1',
        }),
      ),
      await forged(withProject(base, '/v1/fungible/price'), {
        method: 'POST',
        body: JSON.stringify({
          currency: 'usd',
          addresses: [`eip155:1:${NATIVE}`, `eip155:1:${DEVNET_CONTRACTS.usdc}`],
          projectId: DEV_PROJECT_ID,
        }),
      }),
      await forged(withProject(base, '/v1/convert/tokens', { chainId: 'eip155:1' })),
      await forged(withProject(base, `/v1/account/${account}/history`, { chainId: 'eip155:1' })),
    ]
    for (const answer of answers) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(200)
      expectOnly(answer, base)
      // Each names at least one icon, on our origin.
      expect(answer.text).toContain(`${base}/public/getTokenImage/`)
    }
  })

  it('is not in the frame page or its CSP, and not in the OpenAPI document', async () => {
    const frameUrl = new URL(setup.server.frameUrl ?? '')
    frameUrl.searchParams.set('projectId', DEV_PROJECT_ID)
    frameUrl.searchParams.set('origin', PAGE)
    const frame = await forged(frameUrl.href)
    expect(frame.status).toBe(200)
    expect(frame.text).toContain(`content="${setup.server.url}"`)
    expect(frame.headers['content-security-policy']).toContain(`connect-src ${setup.server.url};`)
    expectOnly(frame, setup.server.url)

    const openapi = await forged(`${setup.server.url}/openapi.json`)
    expect(openapi.status).toBe(200)
    expect(openapi.text).not.toContain(EVIL)
  })
})

describe('PORTICO_API_PUBLIC_URL', () => {
  const PUBLIC = 'https://api.shop.example'
  let proxied: TestServer
  beforeAll(async () => {
    proxied = await startTestServer({
      chains: { 1: setup.rpcUrl },
      config: { ...serverConfig, apiPublicUrl: PUBLIC, frame: { port: 0, dir: build.dir } },
    })
  })
  afterAll(async () => {
    await proxied?.stop()
  })

  it('is the origin of every URL handed out, a forged Host or not', async () => {
    const started = await forged(withProject(proxied.url, '/v1/generators/onrampurl'), {
      method: 'POST',
      body: orderBody,
    })
    const { url, orderId } = JSON.parse(started.text) as { url: string; orderId: string }
    expect(url).toBe(`${PUBLIC}/onramp/checkout/${orderId}`)
    expectOnly(started, PUBLIC)

    const tokens = await forged(
      withProject(proxied.url, '/v1/convert/tokens', { chainId: 'eip155:1' }),
    )
    expect(tokens.text).toContain(`${PUBLIC}/public/getTokenImage/`)
    expectOnly(tokens, PUBLIC)

    const frameUrl = new URL(proxied.frameUrl ?? '')
    frameUrl.searchParams.set('projectId', DEV_PROJECT_ID)
    frameUrl.searchParams.set('origin', PAGE)
    const frame = await forged(frameUrl.href)
    expect(frame.text).toContain(`content="${PUBLIC}"`)
    expectOnly(frame, PUBLIC)
  })

  it('takes only a plain http(s) origin', () => {
    expect(loadConfig({ PORTICO_API_PUBLIC_URL: 'https://api.example.com/' }).apiPublicUrl).toBe(
      'https://api.example.com',
    )
    expect(loadConfig({}).apiPublicUrl).toBeUndefined()
    for (const bad of ['api.example.com', 'https://api.example.com/v1', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PORTICO_API_PUBLIC_URL: bad })).toThrow(ConfigError)
    }
  })
})
