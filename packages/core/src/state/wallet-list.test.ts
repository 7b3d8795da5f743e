import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GetWalletsParams, ModalWallet, ModalWalletPage, WalletsApi } from '../api/wallets'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { readKeptConnectWallets } from '../storage/kept-connect-wallets'
import {
  appendWalletPage,
  clearWalletSearch,
  connectWalletRowsAtMost,
  connectWalletsPending,
  connectWalletsWanted,
  hasMoreWallets,
  loadConnectViewWallets,
  loadMoreWallets,
  setWalletSearch,
  type WalletListFilter,
  walletListFilter,
  walletListStore,
  walletPageSize,
} from './wallet-list'

function wallet(n: number, name = `Wallet ${n}`): ModalWallet {
  return {
    id: n.toString(16).padStart(64, '0'),
    name,
    image_id: `img-${n}`,
    rdns: null,
    chains: ['eip155:1'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  }
}

const registry = Array.from({ length: 95 }, (_, i) => wallet(i + 1))
registry[41] = wallet(42, 'Rainbow')

/** A Wallet API answering from `registry` as the server does; calls are recorded. */
function fakeApi() {
  const calls: GetWalletsParams[] = []
  const api: WalletsApi = {
    async getWallets(params) {
      calls.push(params)
      let list = registry
      if (params.include) list = list.filter((entry) => params.include?.includes(entry.id))
      if (params.exclude) list = list.filter((entry) => !params.exclude?.includes(entry.id))
      if (params.search) {
        const search = params.search.toLowerCase()
        list = list.filter((entry) => entry.name.toLowerCase().includes(search))
      }
      const start = (params.page - 1) * params.entries
      return { data: list.slice(start, start + params.entries), count: list.length }
    },
    imageUrl: (_kind, id) => `/getWalletImage/${id}`,
    getProjectOrigins: async () => [],
    getAnalyticsConfig: async () => ({ isAnalyticsEnabled: false }),
  }
  return { api, calls }
}

const filter: WalletListFilter = { include: [], exclude: [], featured: [], chains: ['eip155:1'] }

beforeEach(() => {
  vi.useFakeTimers()
  clearWalletSearch()
  walletListStore.reset()
  clearMemoryFallback()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('wallet pages', () => {
  // docs/product.md#wallet-api: the page sizes.
  it('asks for 40 a page, 100 while searching', () => {
    expect(walletPageSize('')).toBe(40)
    expect(walletPageSize('rain')).toBe(100)
  })

  it('appends a page once per wallet id and knows when all are loaded', () => {
    const first = registry.slice(0, 40)
    const merged = appendWalletPage(first, registry.slice(39, 80))
    expect(merged).toHaveLength(80)
    expect(hasMoreWallets({ pages: 0, wallets: [], count: 0 })).toBe(true)
    expect(hasMoreWallets({ pages: 2, wallets: merged, count: 95 })).toBe(true)
    expect(hasMoreWallets({ pages: 3, wallets: registry, count: 95 })).toBe(false)
  })

  it('loads the registry 40 at a time until every wallet is here, then asks no more', async () => {
    const { api, calls } = fakeApi()
    await loadMoreWallets(api, filter)
    expect(walletListStore.get()).toMatchObject({ pages: 1, count: 95 })
    expect(walletListStore.get().wallets).toHaveLength(40)
    await loadMoreWallets(api, filter)
    await loadMoreWallets(api, filter)
    await loadMoreWallets(api, filter)
    expect(walletListStore.get().wallets).toHaveLength(95)
    expect(calls.map((call) => [call.page, call.entries])).toEqual([
      [1, 40],
      [2, 40],
      [3, 40],
    ])
    expect(calls[0]?.chains).toEqual(['eip155:1'])
  })

  it('asks for one page at a time, however often the sentinel fires', async () => {
    const { api, calls } = fakeApi()
    await Promise.all([loadMoreWallets(api, filter), loadMoreWallets(api, filter)])
    expect(calls).toHaveLength(1)
  })

  it('searches once the input rests 300 ms, 100 a page, and only for the last input', async () => {
    const { api, calls } = fakeApi()
    setWalletSearch(api, filter, 'ra')
    await vi.advanceTimersByTimeAsync(200)
    setWalletSearch(api, filter, 'rainbow')
    await vi.advanceTimersByTimeAsync(299)
    expect(calls).toHaveLength(0)
    expect(walletListStore.get().searchInput).toBe('rainbow')
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([{ page: 1, entries: 100, chains: ['eip155:1'], search: 'rainbow' }])
    expect(walletListStore.get().wallets.map((entry) => entry.name)).toEqual(['Rainbow'])
    expect(walletListStore.get().query).toBe('rainbow')
  })

  it('drops the answer of a search the visitor has already replaced', async () => {
    let release: (page: ModalWalletPage) => void = () => {}
    const { api } = fakeApi()
    const slow: WalletsApi = {
      ...api,
      getWallets: (params) =>
        params.search === 'wallet 1'
          ? new Promise((resolve) => {
              release = resolve
            })
          : api.getWallets(params),
    }
    setWalletSearch(slow, filter, 'wallet 1')
    await vi.advanceTimersByTimeAsync(300)
    setWalletSearch(slow, filter, 'rainbow')
    await vi.advanceTimersByTimeAsync(300)
    release({ data: [wallet(1)], count: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(walletListStore.get().wallets.map((entry) => entry.name)).toEqual(['Rainbow'])
  })

  it('shows the failure of a page and lets the next call try again', async () => {
    const { api } = fakeApi()
    const failing: WalletsApi = {
      ...api,
      getWallets: () => Promise.reject(new Error('HTTP status code: 500')),
    }
    await loadMoreWallets(failing, filter)
    expect(walletListStore.get()).toMatchObject({ loading: false, error: 'HTTP status code: 500' })
    await loadMoreWallets(api, filter)
    expect(walletListStore.get()).toMatchObject({ error: undefined, pages: 1 })
  })
})

describe('loadConnectViewWallets', () => {
  it('loads the featured wallets in the host’s order and 4 recommended without them', async () => {
    const { api, calls } = fakeApi()
    const featured = [registry[9]?.id ?? '', registry[2]?.id ?? '']
    await loadConnectViewWallets(api, { ...filter, featured, exclude: [registry[0]?.id ?? ''] })
    const state = walletListStore.get()
    expect(state.featured.map((entry) => entry.name)).toEqual(['Wallet 10', 'Wallet 3'])
    expect(state.recommended.map((entry) => entry.name)).toEqual([
      'Wallet 2',
      'Wallet 4',
      'Wallet 5',
      'Wallet 6',
    ])
    expect(state.total).toBe(94)
    const recommendedCall = calls.find((call) => call.entries === 4)
    expect(recommendedCall?.exclude).toEqual([registry[0]?.id, ...featured])
  })

  it('says when it is loading, and asks for a new load only when none is under way or none came', async () => {
    const { api } = fakeApi()
    const featured = [registry[9]?.id ?? '', registry[0]?.id ?? '']
    // The placeholders: the featured ones the host does not exclude, and 4 recommended.
    expect(connectWalletRowsAtMost({ ...filter, featured, exclude: [registry[0]?.id ?? ''] })).toBe(
      5,
    )
    expect(connectWalletsWanted(walletListStore.get())).toBe(true)
    const loading = loadConnectViewWallets(api, filter)
    expect(walletListStore.get().connectWallets).toBe('loading')
    expect(connectWalletsWanted(walletListStore.get())).toBe(false)
    await loading
    expect(walletListStore.get().connectWallets).toBe('loaded')
    expect(connectWalletsWanted(walletListStore.get())).toBe(false)
    clearWalletSearch()
    expect(walletListStore.get().connectWallets).toBe('loaded')

    const unreachable: WalletsApi = {
      ...api,
      getWallets: () => Promise.reject(new TypeError('Failed to fetch')),
    }
    walletListStore.reset()
    await loadConnectViewWallets(unreachable, filter)
    expect(walletListStore.get()).toMatchObject({ connectWallets: 'failed', recommended: [] })
    expect(connectWalletsPending(walletListStore.get())).toBe(false)
    expect(connectWalletsWanted(walletListStore.get())).toBe(true)
  })

  it('counts an empty answer as loaded: a host whose every wallet is featured is not asked again', async () => {
    const { api, calls } = fakeApi()
    const only = [registry[3]?.id ?? '']
    await loadConnectViewWallets(api, { ...filter, include: only, featured: only })
    expect(walletListStore.get()).toMatchObject({ connectWallets: 'loaded', recommended: [] })
    expect(walletListStore.get().featured).toHaveLength(1)
    expect(connectWalletsWanted(walletListStore.get())).toBe(false)
    expect(calls).toHaveLength(2)
  })

  it('leaves a store reset while it loads as it is', async () => {
    const { api } = fakeApi()
    const loading = loadConnectViewWallets(api, filter)
    walletListStore.reset()
    await loading
    expect(walletListStore.get()).toMatchObject({ connectWallets: 'unloaded', recommended: [] })
  })

  it('shows the answer kept for the same server, project and filter at once, then the one that revalidates it', async () => {
    const { api } = fakeApi()
    await loadConnectViewWallets(api, filter, 'scope-a')
    expect(readKeptConnectWallets('scope-a')?.recommended.map((entry) => entry.name)).toEqual([
      'Wallet 1',
      'Wallet 2',
      'Wallet 3',
      'Wallet 4',
    ])

    // The next visit: the registry changed meanwhile.
    walletListStore.reset()
    const changed: WalletsApi = {
      ...api,
      getWallets: async () => ({ data: [wallet(7, 'Newcomer')], count: 1 }),
    }
    const revalidating = loadConnectViewWallets(changed, filter, 'scope-a')
    expect(walletListStore.get().connectWallets).toBe('revalidating')
    expect(walletListStore.get().recommended.map((entry) => entry.name)).toHaveLength(4)
    expect(walletListStore.get().total).toBe(95)
    expect(connectWalletsPending(walletListStore.get())).toBe(false)
    await revalidating
    expect(walletListStore.get()).toMatchObject({ connectWallets: 'loaded', total: 1 })
    expect(walletListStore.get().recommended.map((entry) => entry.name)).toEqual(['Newcomer'])
    expect(readKeptConnectWallets('scope-a')?.recommended.map((entry) => entry.name)).toEqual([
      'Newcomer',
    ])
  })

  it('keeps showing the kept rows when their revalidation fails, and asks again next time', async () => {
    const { api } = fakeApi()
    await loadConnectViewWallets(api, filter, 'scope-a')
    walletListStore.reset()
    const unreachable: WalletsApi = {
      ...api,
      getWallets: () => Promise.reject(new TypeError('Failed to fetch')),
    }
    await loadConnectViewWallets(unreachable, filter, 'scope-a')
    expect(walletListStore.get().connectWallets).toBe('failed')
    expect(walletListStore.get().recommended).toHaveLength(4)
    expect(connectWalletsWanted(walletListStore.get())).toBe(true)
  })

  it('never shows an answer kept for another server, project or filter', async () => {
    const { api } = fakeApi()
    await loadConnectViewWallets(api, filter, 'scope-a')
    walletListStore.reset()
    const loading = loadConnectViewWallets(api, filter, 'scope-b')
    expect(walletListStore.get()).toMatchObject({ connectWallets: 'loading', recommended: [] })
    expect(connectWalletsPending(walletListStore.get())).toBe(true)
    await loading
    expect(readKeptConnectWallets('scope-a')).toBeUndefined()
    expect(readKeptConnectWallets('scope-b')?.recommended).toHaveLength(4)
  })

  it('passes includeWalletIds, excludeWalletIds and the requested networks from the options', () => {
    expect(
      walletListFilter({
        includeWalletIds: ['a'],
        excludeWalletIds: ['b'],
        featuredWalletIds: ['c'],
        networks: [{ caipNetworkId: 'eip155:1' }, { caipNetworkId: 'eip155:8453' }] as never,
      }),
    ).toEqual({
      include: ['a'],
      exclude: ['b'],
      featured: ['c'],
      chains: ['eip155:1', 'eip155:8453'],
    })
  })
})
