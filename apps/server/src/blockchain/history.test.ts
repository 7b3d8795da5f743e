import { DEV_ACCOUNTS, DEVNET_CONTRACTS, type Devnet, startDevnet } from '@portico/devnet'
import type { HistoryItem, HistoryPage } from '@portico/protocol/history'
import fc from 'fast-check'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { TEST_INDEXER_POLL_MS, waitUntilIndexed } from '../test/indexer-caught-up'
import { startTestServer, type TestServer } from '../test/test-server'
import { encodeHistoryCursor } from './history-cursor'

const CHAINS = [1, 8453]
let devnet: Devnet
let server: TestServer

beforeAll(async () => {
  devnet = await startDevnet({ chains: CHAINS.map((chainId) => ({ chainId, port: 0 })) })
  server = await startTestServer({
    chains: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
    config: {
      indexer: { enabled: true, pollIntervalMs: TEST_INDEXER_POLL_MS },
      spamCollections: CHAINS.map((chainId) => `eip155:${chainId}:${DEVNET_CONTRACTS.spamNft}`),
    },
  })
  await Promise.all(devnet.chains.map((chain) => waitUntilIndexed(server.app.portico.db, chain)))
})
afterAll(async () => {
  await Promise.all([server?.stop(), devnet?.stop()])
})

const account = (index: number) => (DEV_ACCOUNTS[index] as { address: string }).address

function historyUrl(accountId: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({
    projectId: DEV_PROJECT_ID,
    st: 'portico',
    sv: '0.1.0',
    ...query,
  })
  return `${server.url}/v1/account/${accountId}/history?${search}`
}

async function page(accountId: string, query: Record<string, string> = {}): Promise<HistoryPage> {
  const response = await fetch(historyUrl(accountId, query))
  expect(response.status).toBe(200)
  return (await response.json()) as HistoryPage
}

async function allPages(accountId: string, query: Record<string, string>): Promise<HistoryItem[]> {
  const items: HistoryItem[] = []
  let cursor: string | null = null
  do {
    const answer: HistoryPage = await page(accountId, cursor ? { ...query, cursor } : query)
    expect(answer.data.length).toBeLessThanOrEqual(Number(query.limit))
    items.push(...answer.data)
    cursor = answer.next
  } while (cursor)
  return items
}

const chainIdOf = (item: HistoryItem) => Number(item.metadata.chain.split(':')[1])

describe('GET /v1/account/{account}/history', () => {
  it('answers newest first across chains, and pages through everything with the cursor', async () => {
    const whole = await page(account(0), { limit: '50' })
    expect(whole.next).toBeNull()
    expect(whole.data.length).toBeGreaterThan(10)
    expect(new Set(whole.data.map((item) => item.metadata.chain))).toEqual(
      new Set(['eip155:1', 'eip155:8453']),
    )
    for (let index = 1; index < whole.data.length; index++) {
      const [newer, older] = [whole.data[index - 1], whole.data[index]] as [
        HistoryItem,
        HistoryItem,
      ]
      const order = Date.parse(newer.metadata.minedAt) - Date.parse(older.metadata.minedAt)
      expect(order > 0 || (order === 0 && chainIdOf(newer) >= chainIdOf(older))).toBe(true)
    }
    const paged = await allPages(account(0), { limit: '3' })
    expect(paged).toEqual(whole.data)
    expect(new Set(paged.map((item) => item.id)).size).toBe(paged.length)
  })

  it('pages one chain in block order when asked for a chainId', async () => {
    const whole = await page(account(0), { chainId: 'eip155:8453', limit: '50' })
    expect(whole.data.length).toBeGreaterThan(5)
    expect(whole.data.every((item) => item.metadata.chain === 'eip155:8453')).toBe(true)
    expect(await allPages(account(0), { chainId: 'eip155:8453', limit: '2' })).toEqual(whole.data)
    // A CAIP-10 account names the chain the same way.
    expect((await page(`eip155:8453:${account(0)}`, { limit: '50' })).data).toEqual(whole.data)
  })

  it('shows an ERC-20 transfer as a send to one side and a receive to the other, naming both', async () => {
    const isUsdc250 = (item: HistoryItem) =>
      item.metadata.chain === 'eip155:1' &&
      item.transfers.some((t) => t.fungible_info?.symbol === 'USDC' && t.quantity.numeric === '250')
    const sent = (await page(account(1), { chainId: '1', limit: '50' })).data.find(isUsdc250)
    const received = (await page(account(2), { chainId: '1', limit: '50' })).data.find(isUsdc250)
    expect(sent?.metadata).toMatchObject({
      operationType: 'send',
      status: 'confirmed',
      sentFrom: account(1).toLowerCase(),
      sentTo: DEVNET_CONTRACTS.usdc.toLowerCase(),
    })
    expect(sent?.transfers).toEqual([
      {
        fungible_info: {
          name: 'USD Coin',
          symbol: 'USDC',
          icon: { url: `${server.url}/public/getTokenImage/USDC` },
        },
        direction: 'out',
        quantity: { numeric: '250' },
        value: null,
        price: null,
        // The transfer's own sides: the transaction went to the token contract.
        sender: getAddress(account(1)),
        recipient: getAddress(account(2)),
      },
    ])
    expect(received?.metadata.hash).toBe(sent?.metadata.hash)
    expect(received?.metadata.operationType).toBe('receive')
    expect(received?.transfers[0]).toMatchObject({
      direction: 'in',
      sender: getAddress(account(1)),
      recipient: getAddress(account(2)),
    })
  })

  it('flags NFT transfers of the configured spam collections, and only those', async () => {
    const items = (await page(account(0), { chainId: 'eip155:1', limit: '50' })).data
    const nfts = items.flatMap((item) =>
      item.transfers.flatMap((t) => (t.nft_info ? [{ item, nft: t.nft_info }] : [])),
    )
    const spam = nfts.filter(({ nft }) => nft.name.startsWith('You won a reward'))
    const explorers = nfts.filter(({ nft }) => nft.name.startsWith('Portico Explorer'))
    expect(spam.length).toBe(2)
    expect(explorers.length).toBeGreaterThanOrEqual(2)
    expect(spam.every(({ nft }) => nft.flags.is_spam)).toBe(true)
    expect(explorers.every(({ nft }) => !nft.flags.is_spam)).toBe(true)
    expect(spam[0]?.item.metadata.operationType).toBe('mint')
    expect(explorers[0]?.nft.content.preview.url).toMatch(/^data:image\/svg\+xml;base64,/)
    const badges = nfts.filter(({ nft }) => nft.name.startsWith('Portico Badge'))
    expect(badges.length).toBe(2)
  })

  it('calls a swap (ETH out, USDC in) a trade', async () => {
    const items = (await page(account(2), { chainId: 'eip155:1', limit: '50' })).data
    const swap = items.find((item) => item.metadata.operationType === 'trade')
    expect(swap?.transfers.map((t) => [t.direction, t.fungible_info?.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'USDC'],
    ])
    expect(swap?.metadata.sentTo).toBe(DEVNET_CONTRACTS.uniswapV2Router.toLowerCase())
  })

  it('answers an empty page for chains it does not index and for onramp purchases', async () => {
    const empty = { data: [], next: null }
    expect(await page(account(0), { chainId: 'eip155:999' })).toEqual(empty)
    expect(await page(account(0), { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toEqual(
      empty,
    )
    expect(await page(account(0), { onramp: 'coinbase' })).toEqual(empty)
    expect(await page('0x000000000000000000000000000000000000dEaD')).toEqual(empty)
  })
})

async function tableCounts(): Promise<unknown[]> {
  const { rows } = await server.app.portico.db.query(
    `SELECT (SELECT count(*) FROM account_transactions) AS a, (SELECT count(*) FROM token_transfers) AS b,
            (SELECT count(*) FROM chain_transactions) AS c, (SELECT count(*) FROM token_metadata) AS d,
            (SELECT count(*) FROM nft_metadata) AS e, (SELECT count(*) FROM projects) AS f`,
  )
  return rows
}

async function expectError(url: string, status: number, code: string, message?: string) {
  const response = await fetch(url)
  expect(response.status).toBe(status)
  const answer = (await response.json()) as { error: { code: string; message: string } }
  expect(answer.error.code).toBe(code)
  if (message !== undefined) expect(answer.error.message).toBe(message)
}

describe('GET /v1/account/{account}/history refuses bad input with 400, changing nothing', () => {
  const address = DEV_ACCOUNTS[0].address
  const otherChainCursor = encodeHistoryCursor(
    { minedAt: 1, chainId: 1, blockNumber: 1, txIndex: 0 },
    1,
  )
  const cases: [string, string, Record<string, string>, string, string?][] = [
    ['a word', 'abc', {}, 'INVALID_ADDRESS'],
    ['a short address', '0x1234', {}, 'INVALID_ADDRESS'],
    ['an address that is not hex', `0x${'g'.repeat(40)}`, {}, 'INVALID_ADDRESS'],
    ['a malformed CAIP-10 id', 'eip155:1:0x1234', {}, 'INVALID_ADDRESS', 'Invalid CAIP-10 address'],
    ['a CAIP-10 id on chain 0', `eip155:0:${address}`, {}, 'INVALID_ADDRESS'],
    ['a CAIP-10 id with four parts', `eip155:1:${address}:1`, {}, 'INVALID_ADDRESS'],
    [
      'a blank account',
      '%20',
      {},
      'MISSING_ACCOUNT_ADDRESS',
      "Transactions can't be fetched without an accountAddress",
    ],
    [
      'a word as chainId',
      address,
      { chainId: 'abc' },
      'INVALID_CHAIN_ID',
      'Invalid CAIP-2 network id',
    ],
    ['chainId 0', address, { chainId: '0' }, 'INVALID_CHAIN_ID'],
    ['chainId eip155:', address, { chainId: 'eip155:' }, 'INVALID_CHAIN_ID'],
    ['chainId eip155:0x1', address, { chainId: 'eip155:0x1' }, 'INVALID_CHAIN_ID'],
    [
      'a CAIP-10 id and another chainId',
      `eip155:1:${address}`,
      { chainId: '8453' },
      'INVALID_REQUEST',
    ],
    ['a cursor that is not base64url', address, { cursor: '!!!' }, 'INVALID_CURSOR'],
    ['a made-up cursor', address, { cursor: 'aDEuKi4xLjEuMQ' }, 'INVALID_CURSOR'],
    ['an empty cursor', address, { cursor: '' }, 'INVALID_CURSOR'],
    ['a huge cursor', address, { cursor: 'a'.repeat(5000) }, 'INVALID_CURSOR'],
    [
      'a cursor made for a chainId, without it',
      address,
      { cursor: otherChainCursor },
      'INVALID_CURSOR',
    ],
    [
      'a cursor made for another chainId',
      address,
      { cursor: otherChainCursor, chainId: '8453' },
      'INVALID_CURSOR',
    ],
    [
      'a cursor for a chain that is not EVM',
      address,
      { cursor: otherChainCursor, chainId: 'solana:abc' },
      'INVALID_CURSOR',
    ],
    ['limit 0', address, { limit: '0' }, 'INVALID_REQUEST'],
    ['limit 51', address, { limit: '51' }, 'INVALID_REQUEST'],
    ['an unknown onramp', address, { onramp: 'other' }, 'INVALID_REQUEST'],
  ]

  it.each(cases)('answers %s', async (_what, accountId, query, code, message) => {
    const before = await tableCounts()
    await expectError(historyUrl(accountId, query), 400, code, message)
    expect(await tableCounts()).toEqual(before)
  })

  it('answers an empty account segment with the spec message', async () => {
    await expectError(
      `${server.url}/v1/account//history?projectId=${DEV_PROJECT_ID}`,
      400,
      'MISSING_ACCOUNT_ADDRESS',
    )
  })

  it('answers a repeated chainId 400', async () => {
    const url = `${historyUrl(address)}&chainId=1&chainId=8453`
    await expectError(url, 400, 'INVALID_REQUEST')
  })

  it('answers 401 without a known project id', async () => {
    await expectError(
      `${server.url}/v1/account/${address}/history`,
      401,
      'INVALID_KEY',
      'Unauthorized: invalid key',
    )
  })

  it('never answers 5xx to arbitrary accounts, chain ids and cursors', async () => {
    const before = await tableCounts()
    const text = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(address, 'eip155:1', ''))
    await fc.assert(
      fc.asyncProperty(text, text, text, async (accountId, chainId, cursor) => {
        const search = new URLSearchParams({ projectId: DEV_PROJECT_ID, chainId, cursor })
        const response = await fetch(
          `${server.url}/v1/account/${encodeURIComponent(accountId)}/history?${search}`,
        )
        expect(response.status).toBeLessThan(500)
        const answer = (await response.json()) as { error?: { code: unknown; message: unknown } }
        if (response.status !== 200) expect(typeof answer.error?.code).toBe('string')
      }),
      { numRuns: 100 },
    )
    expect(await tableCounts()).toEqual(before)
  })
})
