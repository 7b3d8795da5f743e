import { DEVNET_CONTRACTS } from '@portico/devnet'
import { NATIVE_TOKEN_ADDRESS as NATIVE } from '@portico/protocol/native-token'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'

let setup: DevnetServer

beforeAll(async () => {
  setup = await startDevnetServer()
})
afterAll(async () => {
  await setup?.stop()
})

interface Fungible {
  name: string
  symbol: string
  iconUrl: string
  price?: number
  address: string
}

function post(body: unknown, projectId = DEV_PROJECT_ID) {
  const query = new URLSearchParams({ projectId, st: 'portico', sv: '0.1.0' })
  return fetch(`${setup.server.url}/v1/fungible/price?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function fungiblesFor(addresses: string[]): Promise<Fungible[]> {
  const response = await post({ currency: 'usd', addresses, projectId: DEV_PROJECT_ID })
  expect(response.status).toBe(200)
  return ((await response.json()) as { fungibles: Fungible[] }).fungibles
}

async function expectRefusal(response: Response, status: number, code: string, message?: string) {
  expect(response.status).toBe(status)
  const answer = (await response.json()) as { error: { code: string; message: string } }
  expect(answer.error.code).toBe(code)
  if (message) expect(answer.error.message).toBe(message)
}

describe('POST /v1/fungible/price', () => {
  it('prices the native coin, USDC and PRTC from the pools, in the order asked', async () => {
    const fungibles = await fungiblesFor([
      `eip155:1:${DEVNET_CONTRACTS.token}`,
      `eip155:1:${NATIVE}`,
      `eip155:1:${DEVNET_CONTRACTS.usdc.toLowerCase()}`,
    ])
    expect(fungibles.map(({ symbol }) => symbol)).toEqual(['PRTC', 'ETH', 'USDC'])
    const [prtc, eth, usdc] = fungibles
    expect(prtc).toMatchObject({
      name: 'Portico Token',
      iconUrl: `${setup.server.url}/public/getTokenImage/PRTC?projectId=${DEV_PROJECT_ID}`,
      address: `eip155:1:${DEVNET_CONTRACTS.token}`,
    })
    expect(prtc?.price).toBeCloseTo(0.24925, 4)
    expect(eth).toMatchObject({ name: 'Ether', address: `eip155:1:${NATIVE}` })
    expect(eth?.price).toBeGreaterThan(2985)
    expect(eth?.price).toBeLessThan(2995)
    expect(usdc).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      iconUrl: `${setup.server.url}/public/getTokenImage/USDC?projectId=${DEV_PROJECT_ID}`,
      price: 1,
      address: `eip155:1:${DEVNET_CONTRACTS.usdc.toLowerCase()}`,
    })
  })

  it('prices WETH as the native coin and leaves out a token without a pool', async () => {
    const fungibles = await fungiblesFor([
      `eip155:1:${DEVNET_CONTRACTS.weth}`,
      `eip155:1:${NATIVE}`,
      `eip155:1:${DEVNET_CONTRACTS.weth}`,
    ])
    expect(fungibles).toHaveLength(2)
    expect(fungibles[0]?.symbol).toBe('WETH')
    expect(fungibles[0]?.price).toBe(fungibles[1]?.price)
  })

  it('answers no entry for an address that is not a token', async () => {
    const fungibles = await fungiblesFor([
      `eip155:1:${DEVNET_CONTRACTS.usdc}`,
      'eip155:1:0x000000000000000000000000000000000000dEaD',
      // An NFT contract answers name and symbol but not decimals.
      `eip155:1:${DEVNET_CONTRACTS.nft}`,
    ])
    expect(fungibles.map(({ symbol }) => symbol)).toEqual(['USDC'])
  })
})

describe('POST /v1/fungible/price refuses bad input with 4xx', () => {
  it.each([
    ['a currency other than usd', { currency: 'eur' }],
    ['no addresses', { addresses: [] }],
    ['addresses that are not a list', { addresses: `eip155:1:${NATIVE}` }],
    ['an address that is not a string', { addresses: [1] }],
    ['too many addresses', { addresses: Array(101).fill(`eip155:1:${NATIVE}`) }],
    ['an unknown field', { extra: true }],
    ['no projectId in the body', { projectId: undefined }],
    ['a projectId in the body other than the query one', { projectId: 'a'.repeat(32) }],
  ])('answers 400 to %s', async (_what, patch) => {
    const body = { currency: 'usd', addresses: [`eip155:1:${NATIVE}`], projectId: DEV_PROJECT_ID }
    await expectRefusal(await post({ ...body, ...patch }), 400, 'INVALID_REQUEST')
  })

  it.each(['eip155:1', 'eip155:1:0x123', 'nonsense', 'eip155:1:0xab:cd', '::'])(
    "answers 400 'Invalid CAIP-10 address' to %j",
    async (address) => {
      await expectRefusal(
        await post({ currency: 'usd', addresses: [address], projectId: DEV_PROJECT_ID }),
        400,
        'INVALID_REQUEST',
        'Invalid CAIP-10 address',
      )
    },
  )

  it.each([
    `eip155:999:${NATIVE}`,
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ])('answers 400 to a token on a chain it does not serve: %s', async (address) => {
    await expectRefusal(
      await post({ currency: 'usd', addresses: [address], projectId: DEV_PROJECT_ID }),
      400,
      'UNSUPPORTED_CHAIN',
      'Chain is not supported',
    )
  })

  it('answers 401 to an unknown project', async () => {
    const projectId = 'f'.repeat(32)
    const response = await post(
      { currency: 'usd', addresses: [`eip155:1:${NATIVE}`], projectId },
      projectId,
    )
    await expectRefusal(response, 401, 'INVALID_KEY', 'Unauthorized: invalid key')
  })

  it('never answers 5xx to arbitrary bodies', async () => {
    const ids = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(`eip155:1:${NATIVE}`, `eip155:1:${DEVNET_CONTRACTS.usdc}`),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            {
              currency: fc.constantFrom('usd', 'eur'),
              addresses: fc.array(ids, { maxLength: 5 }),
              projectId: fc.constant(DEV_PROJECT_ID),
            },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
        async (body) => {
          const response = await post(JSON.stringify(body))
          expect(response.status).toBeLessThan(500)
        },
      ),
      { numRuns: 150 },
    )
  })
})
