import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { BITCOIN_MAINNET, ETHEREUM, SOLANA_MAINNET } from './registry/chain-sets'
import { walletRegistry } from './registry/wallet-registry'
import type { CatalogueListItem } from './wallet-catalogue'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

interface WalletPage {
  data: CatalogueListItem[]
  count: number
}

function getWallets(query: Record<string, string>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0' })
  for (const [name, value] of Object.entries(query)) params.set(name, value)
  return fetch(`${server.url}/getWallets?${params}`, { headers })
}

async function pageOf(query: Record<string, string>): Promise<WalletPage> {
  const response = await getWallets(query)
  expect(response.status).toBe(200)
  return (await response.json()) as WalletPage
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

const namesOf = (page: WalletPage) => page.data.map((wallet) => wallet.name)
const idOf = (name: string) => {
  const wallet = walletRegistry.find((entry) => entry.name === name)
  if (!wallet) throw new Error(`no wallet ${name}`)
  return wallet.id
}
const total = walletRegistry.length

describe('GET /getWallets', () => {
  it('answers the first 40 wallets in registry order with the total count', async () => {
    const response = await getWallets({})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const page = (await response.json()) as WalletPage
    expect(page.count).toBe(total)
    expect(page.data).toHaveLength(Math.min(40, total))
    expect(namesOf(page).slice(0, 4)).toEqual([
      'MetaMask',
      'Trust Wallet',
      'Coinbase Wallet',
      'Rainbow',
    ])
  })

  it('answers the wallet list item shape of the spec, plus homepage, app and badge_type', async () => {
    const page = await pageOf({ search: 'metamask', entries: '4' })
    expect(page.data[0]).toEqual({
      id: idOf('MetaMask'),
      name: 'MetaMask',
      image_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rdns: 'io.metamask',
      chains: expect.arrayContaining([ETHEREUM]),
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
      homepage: 'https://metamask.io',
      app: expect.objectContaining({
        ios: expect.stringContaining('apps.apple.com'),
        android: expect.stringContaining('play.google.com'),
        chrome: expect.any(String),
        safari: null,
      }),
      badge_type: 'certified',
    })
  })

  describe('paging', () => {
    it('answers 4 a page for the recommended wallets', async () => {
      const page = await pageOf({ page: '1', entries: '4' })
      expect(page.data).toHaveLength(4)
      expect(page.count).toBe(total)
    })

    it('walks the whole list page by page, each wallet once, in order', async () => {
      const seen: string[] = []
      for (let page = 1; page <= Math.ceil(total / 7); page++) {
        const answer = await pageOf({ page: String(page), entries: '7' })
        expect(answer.count).toBe(total)
        seen.push(...answer.data.map((wallet) => wallet.id))
      }
      expect(seen).toEqual(walletRegistry.map((wallet) => wallet.id))
    })

    it('answers an empty page with the same count past the end', async () => {
      const page = await pageOf({ page: '50', entries: '40' })
      expect(page).toEqual({ data: [], count: total })
    })

    it('caps entries at 100', async () => {
      const page = await pageOf({ entries: '100000' })
      expect(page.data).toHaveLength(Math.min(100, total))
      const second = await pageOf({ entries: '500', page: '2' })
      expect(second.data).toEqual([])
    })

    it.each([
      ['page', '0'],
      ['page', '-1'],
      ['page', '1.5'],
      ['page', 'one'],
      ['page', ''],
      ['entries', '0'],
      ['entries', '1e2'],
      ['entries', '9999999'],
    ])('refuses %s=%s with 400', async (name, value) => {
      const response = await getWallets({ [name]: value })
      expect(response.status).toBe(400)
      expect((await errorOf(response)).code).toBe('INVALID_REQUEST')
    })
  })

  describe('search', () => {
    it.each(['meta', 'META', '  Meta  ', 'io.metamask', 'metamask', 'mask'])(
      'finds MetaMask by %j',
      async (search) => {
        const page = await pageOf({ search })
        expect(namesOf(page)).toContain('MetaMask')
        expect(page.count).toBe(page.data.length)
      },
    )

    it('finds a wallet by a name with spaces and by a part of its rdns', async () => {
      expect(namesOf(await pageOf({ search: 'trust wallet' }))).toEqual(['Trust Wallet'])
      expect(namesOf(await pageOf({ search: 'trustwallet.app' }))).toEqual(['Trust Wallet'])
      expect(namesOf(await pageOf({ search: 'me.rainbow' }))).toEqual(['Rainbow'])
    })

    it('finds nothing for a name no wallet has, with count 0', async () => {
      expect(await pageOf({ search: 'no such wallet anywhere' })).toEqual({ data: [], count: 0 })
    })

    it('treats a blank search as no search', async () => {
      expect((await pageOf({ search: '   ' })).count).toBe(total)
    })

    it('pages search results like the list', async () => {
      const all = await pageOf({ search: 'wallet', entries: '100' })
      expect(all.count).toBeGreaterThan(4)
      const second = await pageOf({ search: 'wallet', entries: '4', page: '2' })
      expect(second.count).toBe(all.count)
      expect(second.data).toEqual(all.data.slice(4, 8))
    })

    it('refuses a search longer than 64 characters', async () => {
      const response = await getWallets({ search: 'm'.repeat(65) })
      expect(response.status).toBe(400)
    })
  })

  describe('include and exclude', () => {
    it('answers only the included wallets, in registry order', async () => {
      const include = [idOf('Rainbow'), idOf('MetaMask'), 'f'.repeat(64)].join(',')
      const page = await pageOf({ include })
      expect(namesOf(page)).toEqual(['MetaMask', 'Rainbow'])
      expect(page.count).toBe(2)
    })

    it('leaves the excluded wallets out, and counts without them', async () => {
      const exclude = `${idOf('MetaMask')}, ${idOf('Trust Wallet').toUpperCase()}`
      const page = await pageOf({ exclude, entries: '2' })
      expect(namesOf(page)).toEqual(['Coinbase Wallet', 'Rainbow'])
      expect(page.count).toBe(total - 2)
    })

    it('applies exclude after include', async () => {
      const page = await pageOf({
        include: `${idOf('MetaMask')},${idOf('Rainbow')}`,
        exclude: idOf('MetaMask'),
      })
      expect(namesOf(page)).toEqual(['Rainbow'])
    })

    it('ignores an empty list', async () => {
      expect((await pageOf({ include: '', exclude: ',' })).count).toBe(total)
    })

    it.each([
      ['include', 'metamask'],
      ['exclude', 'abc'],
      ['include', `${'a'.repeat(64)},${'g'.repeat(64)}`],
      ['include', Array.from({ length: 101 }, () => 'a'.repeat(64)).join(',')],
    ])('refuses %s=%s with 400', async (name, value) => {
      const response = await getWallets({ [name]: value })
      expect(response.status).toBe(400)
      expect((await errorOf(response)).message).toMatch(new RegExp(name))
    })
  })

  describe('chains', () => {
    it('answers the wallets supporting any of the networks', async () => {
      const bitcoin = await pageOf({ chains: BITCOIN_MAINNET, entries: '100' })
      expect(namesOf(bitcoin)).toEqual(expect.arrayContaining(['Xverse', 'Trust Wallet']))
      expect(namesOf(bitcoin)).not.toContain('Rainbow')
      expect(bitcoin.data.every((wallet) => wallet.chains.includes(BITCOIN_MAINNET))).toBe(true)

      const both = await pageOf({ chains: `${BITCOIN_MAINNET},${SOLANA_MAINNET}`, entries: '100' })
      expect(namesOf(both)).toEqual(expect.arrayContaining(['Xverse', 'Solflare', 'Trust Wallet']))
      expect(both.count).toBeGreaterThan(bitcoin.count)
    })

    it('takes a plain EVM chain id as eip155', async () => {
      const plain = await pageOf({ chains: '1', entries: '100' })
      const caip = await pageOf({ chains: 'eip155:1', entries: '100' })
      expect(plain).toEqual(caip)
      expect(namesOf(plain)).not.toContain('Solflare')
    })

    it('answers no wallet for a network none supports', async () => {
      expect(await pageOf({ chains: 'eip155:999999' })).toEqual({ data: [], count: 0 })
    })

    it.each(['eip155', 'eip155:abc', 'x:1', 'eip155:1,nonsense'])(
      'refuses chains=%s with 400',
      async (chains) => {
        const response = await getWallets({ chains })
        expect(response.status).toBe(400)
        expect(await errorOf(response)).toEqual({
          code: 'INVALID_CHAIN_ID',
          message: 'Invalid CAIP-2 network id',
        })
      },
    )
  })

  describe('badge_type', () => {
    it('answers only certified wallets for certified', async () => {
      const page = await pageOf({ badge_type: 'certified', entries: '100' })
      expect(page.count).toBeGreaterThan(0)
      expect(page.count).toBeLessThan(total)
      expect(page.data.every((wallet) => wallet.badge_type === 'certified')).toBe(true)
    })

    it('refuses an unknown badge type', async () => {
      expect((await getWallets({ badge_type: 'gold' })).status).toBe(400)
    })
  })

  it('combines every filter', async () => {
    const page = await pageOf({
      search: 'wallet',
      chains: SOLANA_MAINNET,
      badge_type: 'certified',
      exclude: idOf('Trust Wallet'),
    })
    // Zerion by its rdns, io.zerion.wallet.
    expect(namesOf(page)).toEqual(['OKX Wallet', 'Zerion', 'Bitget Wallet'])
    expect(page.count).toBe(3)
  })

  it('answers the same page from its cache as when computed', async () => {
    const first = await pageOf({ search: 'zer', chains: 'eip155:1,eip155:10' })
    const again = await pageOf({ search: 'ZER ', chains: 'eip155:10, 1' })
    expect(again).toEqual(first)
    expect(namesOf(first)).toEqual(['Zerion'])
  })

  it('lets a kept page be revalidated: 304 without a body for its own ETag, the page for another', async () => {
    const query = { entries: '4', chains: 'eip155:1,eip155:8453' }
    const first = await getWallets(query)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    const kept = await first.text()

    const same = await getWallets(query, { 'if-none-match': etag ?? '' })
    expect(same.status).toBe(304)
    expect(await same.text()).toBe('')
    expect(same.headers.get('etag')).toBe(etag)
    expect(same.headers.get('cache-control')).toMatch(/max-age=\d+/)
    // Compared weakly, among several, as RFC 9110 says of If-None-Match.
    const weak = await getWallets(query, { 'if-none-match': `"other", W/${etag}` })
    expect(weak.status).toBe(304)

    // Another page has another tag: the kept one is not good for it.
    const other = await getWallets({ ...query, entries: '5' }, { 'if-none-match': etag ?? '' })
    expect(other.status).toBe(200)
    expect(other.headers.get('etag')).not.toBe(etag)
    const stale = await getWallets(query, { 'if-none-match': '"a-page-long-gone"' })
    expect(stale.status).toBe(200)
    expect(await stale.text()).toBe(kept)
  })

  it('refuses a parameter given twice', async () => {
    const response = await fetch(
      `${server.url}/getWallets?projectId=${DEV_PROJECT_ID}&page=1&page=2`,
    )
    expect(response.status).toBe(400)
  })

  it('is behind the project guard', async () => {
    const noKey = await fetch(`${server.url}/getWallets`)
    expect(noKey.status).toBe(401)
    expect(await errorOf(noKey)).toEqual({
      code: 'INVALID_KEY',
      message: 'Unauthorized: invalid key',
    })
    const badOrigin = await getWallets({}, { origin: 'https://evil.example' })
    expect(badOrigin.status).toBe(403)
    expect((await errorOf(badOrigin)).message).toBe('Unauthorized: origin not allowed')
    const allowed = await getWallets({}, { origin: 'http://localhost:5173' })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })
})
