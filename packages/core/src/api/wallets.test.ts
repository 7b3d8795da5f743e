import { serverPerFile } from '@portico/test-kit/vitest'
import { describe, expect, it, vi } from 'vitest'
import { createHttpClient, HttpStatusError } from './http'
import { createWalletsApi } from './wallets'

function walletsAnswering(reply: () => Response | Promise<Response>) {
  const calls: URL[] = []
  const fetch = vi.fn(async (input: string | URL | Request) => {
    calls.push(new URL(String(input)))
    return reply()
  }) as unknown as typeof globalThis.fetch
  const api = createWalletsApi(
    createHttpClient({ baseUrl: 'http://api.test', projectId: 'p1', fetch }),
  )
  return { api, calls }
}

describe('getWallets', () => {
  it('sends every parameter of the spec, lists comma-separated, with st, sv and projectId', async () => {
    const { api, calls } = walletsAnswering(() => Response.json({ data: [{ id: 'w' }], count: 1 }))
    const page = await api.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'eip155:8453'],
      search: 'rain',
      badge_type: 'certified',
    })
    expect(page).toEqual({ data: [{ id: 'w' }], count: 1 })
    expect(calls[0]?.pathname).toBe('/getWallets')
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      projectId: 'p1',
      st: 'portico',
      sv: '0.1.0',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,eip155:8453',
      search: 'rain',
      badge_type: 'certified',
    })
  })

  it('leaves out the filters not given', async () => {
    const { api, calls } = walletsAnswering(() => Response.json({ data: [], count: 0 }))
    await api.getWallets({ page: 1, entries: 4 })
    expect([...(calls[0]?.searchParams.keys() ?? [])].sort()).toEqual(
      ['entries', 'page', 'projectId', 'st', 'sv'].sort(),
    )
  })

  it("throws 'HTTP status code: 500' when the list cannot be had", async () => {
    const { api } = walletsAnswering(() => new Response('', { status: 500 }))
    await expect(api.getWallets({ page: 1, entries: 4 })).rejects.toThrow('HTTP status code: 500')
  })
})

describe('imageUrl', () => {
  it('points at the image routes with the SDK parameters', () => {
    const { api } = walletsAnswering(() => Response.json({}))
    const wallet = new URL(api.imageUrl('wallet', 'abc/1'))
    expect(wallet.pathname).toBe('/getWalletImage/abc%2F1')
    expect(wallet.searchParams.get('projectId')).toBe('p1')
    expect(new URL(api.imageUrl('token', 'USDC')).pathname).toBe('/public/getTokenImage/USDC')
    expect(new URL(api.imageUrl('asset', 'x')).pathname).toBe('/public/getAssetImage/x')
    expect(new URL(api.imageUrl('currency', 'usd')).pathname).toBe('/public/getCurrencyImage/usd')
  })
})

describe('getProjectOrigins', () => {
  it("gives the project's allowed origins", async () => {
    const { api, calls } = walletsAnswering(() =>
      Response.json({ allowedOrigins: ['https://shop.example.com'] }),
    )
    expect(await api.getProjectOrigins()).toEqual(['https://shop.example.com'])
    expect(calls[0]?.pathname).toBe('/projects/v1/origins')
  })

  it.each([
    ['a non-OK status', () => new Response('', { status: 403 })],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['an answer without the list', () => Response.json({})],
  ])('gives an empty list on %s', async (_what, reply) => {
    const { api } = walletsAnswering(reply)
    expect(await api.getProjectOrigins()).toEqual([])
  })

  it('tells onError of the status it fell back from', async () => {
    const { api } = walletsAnswering(() => new Response('', { status: 403 }))
    const onError = vi.fn()
    await api.getProjectOrigins({ onError })
    expect(onError).toHaveBeenCalledWith(new HttpStatusError(403))
  })
})

describe('getAnalyticsConfig', () => {
  it('gives what the server says', async () => {
    const { api, calls } = walletsAnswering(() => Response.json({ isAnalyticsEnabled: true }))
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    expect(calls[0]?.pathname).toBe('/getAnalyticsConfig')
  })

  it.each([
    ['a 403', () => new Response('', { status: 403 })],
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['a malformed answer', () => Response.json({ isAnalyticsEnabled: 'yes' })],
  ])('turns analytics off on %s', async (_what, reply) => {
    const { api } = walletsAnswering(reply)
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })
})

describe('the Wallet API client against our server', () => {
  const server = serverPerFile()
  const walletsApi = (projectId = server().projectId) =>
    createWalletsApi(createHttpClient({ baseUrl: server().url, projectId }))

  it('reads a page of the wallet list the server keeps, no longer than asked', async () => {
    const page = await walletsApi().getWallets({ page: 1, entries: 4 })
    expect(page.count).toBeGreaterThan(4)
    expect(page.data).toHaveLength(4)
    for (const wallet of page.data) expect(wallet.name).toEqual(expect.any(String))
  })

  it("gives the dev project's origins and analytics switch (on, as a new project has it)", async () => {
    const api = walletsApi()
    expect(await api.getProjectOrigins()).toEqual(['localhost:*', '127.0.0.1:*'])
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
  })

  it('falls back for a project the server does not know: no origins, analytics off', async () => {
    const onError = vi.fn()
    const api = walletsApi('0'.repeat(32))
    expect(await api.getProjectOrigins({ onError })).toEqual([])
    expect(await api.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
    expect(onError).toHaveBeenCalledWith(expect.any(HttpStatusError))
  })
})
