// Malformed input to the server's routes (Wallet API, telemetry, identity, balances, prices,
// the RPC proxy, sign-in, the onramp API, the embedded wallet, the convert API): never a 5xx,
// always the error shape on a 4xx, and never a changed row in any table. (History has its own
// property test beside it; the onramp's checkout pages, which answer HTML, have theirs in onramp/.)
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { walletRegistry } from './registry/wallet-registry'

let server: TestServer
let baseline: string
beforeAll(async () => {
  server = await startTestServer()
  baseline = await snapshotRows()
})
afterAll(async () => {
  await server?.stop()
})

/** Every table's row count, and the project settings these routes read. */
async function snapshotRows(): Promise<string> {
  const db = server.app.portico.db
  const tables = await db.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  )
  const counts: Record<string, string> = {}
  for (const { name } of tables.rows) {
    const result = await db.query<{ count: bigint }>(`SELECT count(*) AS count FROM "${name}"`)
    counts[name] = String(result.rows[0]?.count)
  }
  const projects = await db.query(
    'SELECT id, name, allowed_origins, analytics_enabled FROM projects ORDER BY id',
  )
  return JSON.stringify({ counts, projects: projects.rows })
}

const RUNS = { numRuns: 120 }

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...text]
      .map((char) => {
        try {
          return encodeURIComponent(char)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

const wallet = walletRegistry[0]
const nastyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '99999999999999999999',
    'null',
    'true',
    '[]',
    '{}',
    ',,,',
    'eip155:',
    'eip155:1,',
    ':1',
    '\u0000',
    '%',
    '%FF',
    '%00',
    '<script>',
    'm'.repeat(5000),
    `${wallet?.id},${'z'.repeat(64)}`,
    `${'a'.repeat(64)},`.repeat(150),
  ),
  fc.stringMatching(/^[0-9a-fA-F:,x -]{0,300}$/),
)

/** Raw text that goes into the URL as it is (percent signs and all). */
const rawText = fc.stringMatching(/^[A-Za-z0-9%&=+,;:._~!$'()*@/ -]{0,60}$/)

const queryParameter = fc.tuple(
  fc.constantFrom(
    'page',
    'entries',
    'include',
    'exclude',
    'chains',
    'search',
    'badge_type',
    'st',
    'sv',
    'sender',
    'projectId',
    'chainId',
    'amount',
    'from',
    'to',
    'tokenAddress',
    'userAddress',
    'x',
    '',
    'page[]',
    '__proto__',
    'constructor',
  ),
  nastyText,
  fc.boolean(),
)

const queryString = fc
  .tuple(fc.array(queryParameter, { maxLength: 6 }), fc.option(rawText))
  .map(([parameters, raw]) => {
    const parts = [`projectId=${DEV_PROJECT_ID}`]
    for (const [name, value, encode] of parameters) {
      parts.push(
        `${encodeLoosely(name)}=${encode ? encodeLoosely(value) : value.replace(/[#\s]/g, '')}`,
      )
    }
    if (raw !== null) parts.push(raw)
    // Node refuses request heads over 16 KiB itself (431) before the server sees them.
    return parts.join('&').slice(0, 8000)
  })

const pathSegment = fc
  .oneof(nastyText, rawText)
  .map((text) => encodeLoosely(text).slice(0, 300) || '%20')

async function expectNoServerError(response: Response, what: string) {
  const body = await response.text()
  expect(response.status, `${what} -> ${response.status} ${body.slice(0, 300)}`).toBeLessThan(500)
  if (response.status >= 400) {
    const answer = JSON.parse(body) as { error: { code: string; message: string } }
    expect(answer.error.code, what).toEqual(expect.any(String))
    expect(answer.error.message, what).toEqual(expect.any(String))
  }
}

const GET_ROUTES = [
  '/getWallets',
  '/projects/v1/origins',
  '/getAnalyticsConfig',
  `/getWalletImage/${wallet?.image_id}`,
  '/public/getTokenImage/ETH',
  `/v1/identity/0x${'ab'.repeat(20)}`,
  '/v1/supported-chains',
  `/v1/account/0x${'ab'.repeat(20)}/balance`,
  '/auth/v1/me',
  '/auth/v1/sessions',
  '/v1/onramp/options',
  `/v1/onramp/orders/${'ab'.repeat(16)}`,
  '/v1/embedded-wallet/me',
  '/v1/embedded-wallet/shares/auth',
  '/v1/embedded-wallet/shares/recovery',
  '/v1/convert/tokens',
  '/v1/convert/quotes',
  '/v1/convert/allowance',
  '/v1/convert/gas-price',
  '/v1/convert/build-approve',
]

/** Routes that take a JSON body; none of these bodies is a valid request. */
const POST_ROUTES = [
  '/v1',
  '/v1/fungible/price',
  '/auth/v1/authenticate',
  '/v1/onramp/quote',
  '/v1/generators/onrampurl',
  '/v1/convert/build-transaction',
  '/v1/embedded-wallet/email/otp',
  '/v1/embedded-wallet/email/verify',
  '/v1/embedded-wallet/wallet',
  '/v1/embedded-wallet/email/update',
  '/v1/embedded-wallet/export/verify',
  '/v1/embedded-wallet/sign-out',
]

const PATH_ROUTES = [
  '/getWalletImage/',
  '/public/getAssetImage/',
  '/public/getCurrencyImage/',
  '/public/getTokenImage/',
  '/v1/identity/',
  '/v1/onramp/orders/',
]

describe('malformed input', () => {
  it.each(GET_ROUTES)('GET %s with malformed query strings: never a 5xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = `${server.url}${route}?${query}`
        await expectNoServerError(await fetch(url), url)
      }),
      RUNS,
    )
    expect(await snapshotRows()).toBe(baseline)
  })

  it.each(PATH_ROUTES)('GET %s{malformed id}: never a 5xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(pathSegment, queryString, async (segment, query) => {
        const url = `${server.url}${route}${segment}?${query}`
        await expectNoServerError(await fetch(url), url)
      }),
      RUNS,
    )
    expect(await snapshotRows()).toBe(baseline)
  })

  it('GET /v1/account/{malformed address}/balance: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(pathSegment, queryString, async (segment, query) => {
        const url = `${server.url}/v1/account/${segment}/balance?${query}`
        await expectNoServerError(await fetch(url), url)
      }),
      RUNS,
    )
    expect(await snapshotRows()).toBe(baseline)
  })

  it.each(POST_ROUTES)('POST %s with malformed bodies and queries: never a 5xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
        queryString,
        async (body, query) => {
          const url = `${server.url}${route}?${query}`
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
          await expectNoServerError(response, `${url} ${body.slice(0, 200)}`)
          expect(response.status).toBeGreaterThanOrEqual(400)
        },
      ),
      RUNS,
    )
    expect(await snapshotRows()).toBe(baseline)
  })

  describe('POST /e', () => {
    const validEvent = {
      eventId: '9b2f3c1e-6a7d-4e8f-9a0b-1c2d3e4f5a6b',
      url: 'https://shop.example.com/',
      domain: 'shop.example.com',
      timestamp: 1_760_000_000_000,
      props: { type: 'error', event: 'ERROR', errorType: 'E', errorMessage: 'm', stackTrace: 's' },
    }
    type Event = Record<string, unknown> & { props: Record<string, unknown> }
    /** The event's props, when an earlier change left them an object. */
    const propsOf = (event: Event) =>
      typeof event.props === 'object' && event.props !== null && !Array.isArray(event.props)
        ? event.props
        : {}
    const fields = ['eventId', 'url', 'domain', 'timestamp', 'props'] as const
    const props = ['type', 'event', 'errorType', 'errorMessage', 'stackTrace'] as const
    const notString = fc.jsonValue().filter((value) => typeof value !== 'string')

    /** A change that makes a valid event invalid, whatever the random values. */
    const breakEvent: fc.Arbitrary<(event: Event) => void> = fc.oneof(
      fc.constantFrom(...fields).map((field) => (event: Event) => {
        delete event[field]
      }),
      fc.constantFrom('type', 'event').map((prop) => (event: Event) => {
        delete propsOf(event)[prop]
      }),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
        .filter(([key]) => !(fields as readonly string[]).includes(key) && key !== '__proto__')
        .map(([key, value]) => (event: Event) => {
          event[key] = value
        }),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
        .filter(([key]) => !(props as readonly string[]).includes(key) && key !== '__proto__')
        .map(([key, value]) => (event: Event) => {
          propsOf(event)[key] = value
        }),
      fc
        .tuple(fc.constantFrom('url', 'domain'), notString)
        .map(([field, value]) => (event: Event) => {
          event[field] = value
        }),
      fc.tuple(fc.constantFrom(...props), notString).map(([prop, value]) => (event: Event) => {
        propsOf(event)[prop] = value
      }),
      fc
        .oneof(notString, fc.string({ maxLength: 40 }))
        .filter((value) => typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value))
        .map((value) => (event: Event) => {
          event.eventId = value
        }),
      fc
        .oneof(
          fc.double({ noInteger: true }),
          fc.integer({ max: -1 }),
          fc.constant(9e15),
          fc.string(),
          fc.constant(null),
        )
        .map((value) => (event: Event) => {
          event.timestamp = value
        }),
      fc.constantFrom('url', 'domain').map((field) => (event: Event) => {
        event[field] = `${event[field]}\u0000`
      }),
      fc.constantFrom('url', 'domain').map((field) => (event: Event) => {
        event[field] = 'x'.repeat(3000)
      }),
      fc.constantFrom(...props).map((prop) => (event: Event) => {
        propsOf(event)[prop] = 'y'.repeat(9000)
      }),
      notString.map((value) => (event: Event) => {
        event.props = value as never
      }),
    )

    async function postE(body: string, query = `projectId=${DEV_PROJECT_ID}`) {
      return fetch(`${server.url}/e?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    }

    it('refuses broken events with a 4xx and stores nothing', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(breakEvent, { minLength: 1, maxLength: 3 }), async (changes) => {
          const event = structuredClone(validEvent) as Event
          for (const change of changes) change(event)
          const body = JSON.stringify(event)
          const response = await postE(body)
          await expectNoServerError(response, body.slice(0, 300))
          expect(response.status, body.slice(0, 300)).toBeGreaterThanOrEqual(400)
          expect(await snapshotRows()).toBe(baseline)
        }),
        RUNS,
      )
    })

    it('refuses any JSON value or text that is not an event', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue().map((value) => JSON.stringify(value)),
            fc.string({ unit: 'binary', maxLength: 200 }),
          ),
          queryString,
          async (body, query) => {
            const response = await postE(body, query)
            await expectNoServerError(response, body.slice(0, 300))
            expect(response.status).toBeGreaterThanOrEqual(400)
            expect(await snapshotRows()).toBe(baseline)
          },
        ),
        RUNS,
      )
    })

    it('refuses a valid event with a malformed query, storing nothing', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('st', 'sv'),
          fc.oneof(fc.constant('a\u0000b'), fc.string({ minLength: 65, maxLength: 200 })),
          async (name, value) => {
            const query = `projectId=${DEV_PROJECT_ID}&${name}=${encodeLoosely(value)}`
            const response = await postE(JSON.stringify(validEvent), query)
            await expectNoServerError(response, query)
            expect(response.status).toBe(400)
            expect(await snapshotRows()).toBe(baseline)
          },
        ),
        { numRuns: 30 },
      )
    })
  })
})
