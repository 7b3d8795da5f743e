import type { ErrorAnswer } from '@portico/protocol/error-answer'
import type { FungiblePriceAnswer } from '@portico/protocol/fungible-price'
import type { Identity } from '@portico/protocol/identity'
import type { SupportedChains } from '@portico/protocol/supported-chains'
import type { AccountBalanceAnswer } from '@portico/protocol/token-balance'
import { describe, expect, it, vi } from 'vitest'
import {
  createBlockchainApi,
  dropZeroDecimals,
  findNativeBalance,
  MissingAccountAddressError,
  NATIVE_TOKEN_ADDRESS,
  type TokenBalance,
} from './blockchain'
import { createHttpClient } from './http'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function apiAnswering(answer: unknown, status = 200) {
  const calls: { url: URL; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: new URL(String(input)), init })
    return Response.json(answer, { status })
  }) as unknown as typeof globalThis.fetch
  const api = createBlockchainApi(
    createHttpClient({ baseUrl: 'http://api.test', projectId: 'p1', fetch }),
  )
  return { api, calls }
}

const balance = (symbol: string, decimals: string, address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  ...(address ? { address } : {}),
  price: 1,
  value: 1,
  quantity: { decimals, numeric: '1' },
  iconUrl: `http://api.test/public/getTokenImage/${symbol}`,
})

describe('fetchBalances', () => {
  it('asks for usd balances on the network, with forceUpdate only when asked', async () => {
    const { api, calls } = apiAnswering({ balances: [] } satisfies AccountBalanceAnswer)
    await api.fetchBalances(alice, 'eip155:1')
    await api.fetchBalances(alice, 'eip155:8453', { forceUpdate: true })
    expect(calls[0]?.url.pathname).toBe(`/v1/account/${alice}/balance`)
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      projectId: 'p1',
      st: 'portico',
      sv: '0.1.0',
      currency: 'usd',
      chainId: 'eip155:1',
    })
    expect(calls[1]?.url.searchParams.get('forceUpdate')).toBe('true')
    expect(calls[1]?.url.searchParams.get('chainId')).toBe('eip155:8453')
  })

  it('drops entries with 0 decimals and malformed ones', async () => {
    const { api } = apiAnswering({
      balances: [
        balance('ETH', '18'),
        balance('ZERO', '0'),
        { symbol: 'BAD' },
        balance('USDC', '6'),
      ],
    })
    expect((await api.fetchBalances(alice, 'eip155:1')).map((entry) => entry.symbol)).toEqual([
      'ETH',
      'USDC',
    ])
  })

  it("refuses a network id that is not CAIP-2 before asking, with the spec's message", async () => {
    const { api, calls } = apiAnswering({ balances: [] } satisfies AccountBalanceAnswer)
    await expect(api.fetchBalances(alice, '1')).rejects.toThrow('Invalid CAIP-2 network id')
    expect(calls).toHaveLength(0)
  })

  it("throws 'HTTP status code: 400' when the server refuses", async () => {
    const { api } = apiAnswering(
      { error: { code: 'UNSUPPORTED_CHAIN', message: 'Unsupported chain' } } satisfies ErrorAnswer,
      400,
    )
    await expect(api.fetchBalances(alice, 'eip155:999')).rejects.toThrow('HTTP status code: 400')
  })
})

describe('balance answers', () => {
  it('drops entries with 0 decimals, whether a string or a number', () => {
    const zero = {
      ...balance('N', '0'),
      quantity: { decimals: 0 as unknown as string, numeric: '1' },
    }
    expect(dropZeroDecimals([balance('A', '18'), balance('B', '0'), zero])).toEqual([
      balance('A', '18'),
    ])
  })

  it('finds the native coin by its ERC-7528 address in any case', () => {
    const eth = balance('ETH', '18', `eip155:1:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`)
    expect(findNativeBalance([balance('USDC', '6', 'eip155:1:0xabc'), eth])).toBe(eth)
    expect(findNativeBalance([balance('USDC', '6')])).toBeUndefined()
  })
})

describe('fetchHistory', () => {
  it("throws 'Transactions can't be fetched without an accountAddress' and asks nothing", async () => {
    const { api, calls } = apiAnswering({ data: [], next: null })
    await expect(api.fetchHistory(undefined)).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
    await expect(api.fetchHistory('')).rejects.toBeInstanceOf(MissingAccountAddressError)
    expect(calls).toHaveLength(0)
  })

  it('asks for a page with its cursor and chain, and gives data and next', async () => {
    const { api, calls } = apiAnswering({ data: [{ id: 'a' }], next: 'c2' })
    const page = await api.fetchHistory(alice, { cursor: 'c1', chainId: 'eip155:1' })
    expect(page).toEqual({ data: [{ id: 'a' }], next: 'c2' })
    expect(calls[0]?.url.pathname).toBe(`/v1/account/${alice}/history`)
    expect(calls[0]?.url.searchParams.get('cursor')).toBe('c1')
    expect(calls[0]?.url.searchParams.get('chainId')).toBe('eip155:1')
  })

  it('gives next null on the last page', async () => {
    const { api, calls } = apiAnswering({ data: [] })
    expect(await api.fetchHistory(alice)).toEqual({ data: [], next: null })
    expect(calls[0]?.url.searchParams.has('cursor')).toBe(false)
  })
})

describe('fetchIdentity, fetchFungiblePrice, fetchSupportedChains', () => {
  it('asks the identity with the sender and gives name and avatar', async () => {
    const { api, calls } = apiAnswering({ name: 'alice.eth', avatar: null } satisfies Identity)
    expect(await api.fetchIdentity(alice, { sender: alice })).toEqual({
      name: 'alice.eth',
      avatar: null,
    })
    expect(calls[0]?.url.pathname).toBe(`/v1/identity/${alice}`)
    expect(calls[0]?.url.searchParams.get('sender')).toBe(alice)
  })

  it('posts currency usd, the CAIP-10 addresses and the project id', async () => {
    const ids = ['eip155:1:0x8ce361602B935680E8DeC218b820ff5056BeB7af']
    const fungibles = [
      { name: 'USD Coin', symbol: 'USDC', iconUrl: 'u', price: 1, address: ids[0] ?? '' },
    ]
    const { api, calls } = apiAnswering({ fungibles } satisfies FungiblePriceAnswer)
    expect(await api.fetchFungiblePrice(ids)).toEqual(fungibles)
    expect(calls[0]?.url.pathname).toBe('/v1/fungible/price')
    expect(calls[0]?.init.method).toBe('POST')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      currency: 'usd',
      addresses: ids,
      projectId: 'p1',
    })
  })

  it('gives the http and ws chain lists', async () => {
    const { api, calls } = apiAnswering({ http: ['eip155:1'], ws: [] } satisfies SupportedChains)
    expect(await api.fetchSupportedChains()).toEqual({ http: ['eip155:1'], ws: [] })
    expect(calls[0]?.url.pathname).toBe('/v1/supported-chains')
  })
})
