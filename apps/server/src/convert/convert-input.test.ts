// What the convert routes refuse, and how: unsupported networks with the spec's two messages,
// malformed ids and amounts, unknown parameters, loose types; then random and near-valid input
// to every route: never a 5xx, always the error shape, never a changed row.
import { DEVNET_CONTRACTS } from '@portico/devnet'
import type { ConvertTokensAnswer } from '@portico/protocol/convert'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { convertClient } from '../test/convert-client'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'
import { expectRefusal as expectCleanRefusal } from '../test/expect-refusal'

let setup: DevnetServer
let client: ReturnType<typeof convertClient>
let baseline: string

const ETH = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const USDC = `eip155:1:${DEVNET_CONTRACTS.usdc}`
const PRTC = `eip155:1:${DEVNET_CONTRACTS.token}`
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

beforeAll(async () => {
  setup = await startDevnetServer()
  client = convertClient(setup.server.url)
  baseline = await snapshotRows()
})
afterAll(async () => {
  await setup?.stop()
})

async function snapshotRows(): Promise<string> {
  const db = setup.server.app.portico.db
  const tables = await db.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  )
  const counts: Record<string, string> = {}
  for (const { name } of tables.rows) {
    const result = await db.query<{ count: bigint }>(`SELECT count(*) AS count FROM "${name}"`)
    counts[name] = String(result.rows[0]?.count)
  }
  return JSON.stringify(counts)
}

async function expectRefusal(
  answer: Promise<{ status: number; body: unknown }>,
  code: string,
  message?: string | RegExp,
) {
  const { status, body } = await answer
  expect(status, JSON.stringify(body)).toBe(400)
  const { error } = body as ErrorAnswer
  expect(error.code).toBe(code)
  if (typeof message === 'string') expect(error.message).toBe(message)
  else if (message) expect(error.message).toMatch(message)
}

const quoteQuery = { amount: '1000', userAddress: USER, from: ETH, to: USDC }
const swapBody = {
  amount: '1000',
  projectId: DEV_PROJECT_ID,
  from: ETH,
  to: USDC,
  userAddress: USER,
  disableEstimate: true,
}

describe('GET /v1/convert/tokens', () => {
  it('lists ETH, USDC and PRTC with decimals and logos, the suggested and popular ones, and the router', async () => {
    const { status, body } = await client.get<ConvertTokensAnswer>('/v1/convert/tokens', {
      chainId: 'eip155:1',
    })
    expect(status).toBe(200)
    expect(body.tokens.map(({ symbol, decimals, address }) => [symbol, decimals, address])).toEqual(
      [
        ['ETH', 18, ETH],
        ['USDC', 6, USDC],
        ['PRTC', 18, PRTC],
      ],
    )
    expect(body.tokens[1]?.logoUri).toBe(
      `${setup.server.url}/public/getTokenImage/USDC?projectId=${DEV_PROJECT_ID}`,
    )
    expect(body.suggested).toEqual([ETH, USDC])
    expect(body.popular).toEqual([ETH, USDC, PRTC])
    expect(body.router).toBe(`eip155:1:${DEVNET_CONTRACTS.uniswapV2Router}`)
  })
})

describe('unsupported networks', () => {
  const SWAPS = 'Network not supported for Swaps'
  it("answers 'Network not supported for Swaps' for a chain without swaps, on every swap route", async () => {
    // eip155:10 is well formed but not served; solana has no swaps at all.
    for (const chainId of ['eip155:10', '10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      await expectRefusal(
        client.get('/v1/convert/tokens', { chainId }),
        'UNSUPPORTED_NETWORK',
        SWAPS,
      )
    }
    const elsewhere = `eip155:10:${DEVNET_CONTRACTS.usdc}`
    const solana =
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112'
    for (const from of [elsewhere, solana]) {
      await expectRefusal(
        client.get('/v1/convert/quotes', { ...quoteQuery, from }),
        'UNSUPPORTED_NETWORK',
        SWAPS,
      )
      await expectRefusal(
        client.get('/v1/convert/allowance', { tokenAddress: from, userAddress: USER }),
        'UNSUPPORTED_NETWORK',
        SWAPS,
      )
      await expectRefusal(
        client.post('/v1/convert/build-transaction', { ...swapBody, from }),
        'UNSUPPORTED_NETWORK',
        SWAPS,
      )
      await expectRefusal(
        client.get('/v1/convert/build-approve', { userAddress: USER, from, to: ETH }),
        'UNSUPPORTED_NETWORK',
        SWAPS,
      )
    }
  })

  it("answers 'Network not supported for Gas Price' for a chain the server does not serve", async () => {
    for (const chainId of ['eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      await expectRefusal(
        client.get('/v1/convert/gas-price', { chainId }),
        'UNSUPPORTED_NETWORK',
        'Network not supported for Gas Price',
      )
    }
  })
})

describe('malformed requests', () => {
  it('refuses malformed chain ids, CAIP-10 ids, addresses and tokens with their messages', async () => {
    await expectRefusal(
      client.get('/v1/convert/tokens', { chainId: 'eip155' }),
      'INVALID_CHAIN_ID',
      'Invalid CAIP-2 network id',
    )
    await expectRefusal(
      client.get('/v1/convert/gas-price', { chainId: 'eip155:0' }),
      'INVALID_CHAIN_ID',
    )
    await expectRefusal(
      client.get('/v1/convert/quotes', { ...quoteQuery, to: 'eip155:1:0x1234' }),
      'INVALID_ADDRESS',
      'Invalid CAIP-10 address',
    )
    await expectRefusal(
      client.get('/v1/convert/quotes', { ...quoteQuery, to: `eip155:1:0x${'12'.repeat(20)}` }),
      'UNSUPPORTED_TOKEN',
      `Token not supported for Swaps: eip155:1:0x${'12'.repeat(20)}`,
    )
    // A CAIP-10 user on another chain than the tokens.
    await expectRefusal(
      client.get('/v1/convert/quotes', { ...quoteQuery, userAddress: `eip155:8453:${USER}` }),
      'INVALID_ADDRESS',
      /^Invalid userAddress/,
    )
    await expectRefusal(
      client.get('/v1/convert/quotes', { ...quoteQuery, to: ETH }),
      'INVALID_REQUEST',
      'from and to are the same token',
    )
    await expectRefusal(
      client.get('/v1/convert/build-approve', { userAddress: USER, from: ETH, to: USDC }),
      'INVALID_REQUEST',
      'The native coin needs no approval',
    )
  })

  it('refuses amounts that are not positive base units', async () => {
    for (const amount of ['0', '-1', '1.5', '1e18', '0x10', ' 1', '01', '']) {
      await expectRefusal(
        client.get('/v1/convert/quotes', { ...quoteQuery, amount }),
        'INVALID_REQUEST',
      )
      await expectRefusal(
        client.post('/v1/convert/build-transaction', { ...swapBody, amount }),
        'INVALID_REQUEST',
      )
    }
    await expectRefusal(
      client.post('/v1/convert/build-transaction', { ...swapBody, amount: 1000 }),
      'INVALID_REQUEST',
    )
  })

  it('coerces nothing and refuses unknown parameters', async () => {
    await expectRefusal(
      client.get('/v1/convert/quotes', { ...quoteQuery, slippage: '1' }),
      'INVALID_REQUEST',
    )
    await expectRefusal(
      client.get('/v1/convert/tokens', { chainId: 'eip155:1', extra: '' }),
      'INVALID_REQUEST',
    )
    for (const eip155 of [{ slippage: '1' }, { slippage: 51 }, { slippage: -1 }, { gas: 1 }, 1]) {
      await expectRefusal(
        client.post('/v1/convert/build-transaction', { ...swapBody, eip155 }),
        'INVALID_REQUEST',
      )
    }
    await expectRefusal(
      client.post('/v1/convert/build-transaction', { ...swapBody, disableEstimate: 'true' }),
      'INVALID_REQUEST',
    )
    await expectRefusal(
      client.post('/v1/convert/build-transaction', { ...swapBody, gasPrice: '1' }),
      'INVALID_REQUEST',
    )
    await expectRefusal(
      client.post('/v1/convert/build-transaction', { ...swapBody, projectId: 'a'.repeat(32) }),
      'INVALID_REQUEST',
      "Invalid request: the body's projectId is not the query's",
    )
  })
})

describe('random input to every convert route', () => {
  const nearValid = fc.oneof(
    fc.constantFrom(
      ETH,
      USDC,
      PRTC,
      USER,
      `eip155:1:${USER}`,
      'eip155:1',
      '1',
      '0',
      '1000',
      '99999999999999999999999999999999999999999999999999999999999999999999999999999',
      `1${'0'.repeat(77)}`,
      'eip155:1:0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE',
      `eip155:99999999999999999:${USER}`,
      'eip155:1:',
      'solana:x:y',
      '',
      '%',
      '\u0000',
      'x'.repeat(300),
    ),
    fc.string({ maxLength: 40 }),
    fc.bigInt({ min: 0n, max: 1n << 260n }).map(String),
  )

  const ROUTES: [string, string[]][] = [
    ['/v1/convert/tokens', ['chainId']],
    ['/v1/convert/quotes', ['amount', 'userAddress', 'from', 'to', 'gasPrice']],
    ['/v1/convert/allowance', ['tokenAddress', 'userAddress']],
    ['/v1/convert/gas-price', ['chainId']],
    ['/v1/convert/build-approve', ['userAddress', 'from', 'to', 'amount']],
  ]

  // Random input is valid now and then; whatever is refused is refused cleanly.
  async function expectNoServerError(response: Response, what: string) {
    if (response.status < 400) await response.body?.cancel()
    else await expectCleanRefusal(response, what)
  }

  it.each(ROUTES)('GET %s: never a 5xx', async (route, names) => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...names, 'x', 'projectId'), nearValid, { maxKeys: 6 }),
        async (query) => {
          const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, ...query })
          const url = `${setup.server.url}${route}?${search}`
          await expectNoServerError(await fetch(url), url)
        },
      ),
      { numRuns: 100 },
    )
    expect(await snapshotRows()).toBe(baseline)
  })

  it('POST /v1/convert/build-transaction: never a 5xx', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          amount: nearValid,
          eip155: fc.oneof(
            fc.record({ slippage: fc.oneof(fc.double(), nearValid) }),
            fc.jsonValue(),
          ),
          projectId: fc.constantFrom(DEV_PROJECT_ID, '', 'x'),
          from: nearValid,
          to: nearValid,
          userAddress: nearValid,
          toAmount: nearValid,
          disableEstimate: fc.oneof(fc.boolean(), fc.jsonValue()),
        },
        { requiredKeys: ['projectId'] },
      ),
    )
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const text = JSON.stringify(value) ?? 'null'
        const response = await fetch(
          `${setup.server.url}/v1/convert/build-transaction?projectId=${DEV_PROJECT_ID}`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: text },
        )
        await expectNoServerError(response, text.slice(0, 300))
      }),
      { numRuns: 150 },
    )
    expect(await snapshotRows()).toBe(baseline)
  })
})
