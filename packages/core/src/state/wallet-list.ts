// The registry's wallets for the Connect and AllWallets views (docs/product.md#calls page sizes: 4
// recommended, 40 a list page, 100 a search; #constants: search wait 300 ms). The views call
// these functions with the Wallet API client they load; nothing is fetched before a gesture on
// the connect button (wallets/prefetch-connect-wallets.ts). The Connect view's last answer is
// kept in the browser: a returning visitor's rows show from it while the request revalidates.
import type { GetWalletsParams, ModalWallet, ModalWalletPage, WalletsApi } from '../api/wallets'
import {
  RECOMMENDED_WALLETS_PAGE_SIZE,
  SEARCH_WAIT_MS,
  WALLET_LIST_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
} from '../constants'
import { walletErrorMessage } from '../errors/wallet-errors'
import type { ResolvedPorticoOptions } from '../options/option-types'
import { readKeptConnectWallets, writeKeptConnectWallets } from '../storage/kept-connect-wallets'
import { clock } from '../time/clock'
import { createStore } from './store'

export interface WalletListState {
  /** The featured wallet ids' entries, in the host's order. */
  featured: ModalWallet[]
  recommended: ModalWallet[]
  /**
   * Where the Connect view's request for its featured and recommended wallets stands:
   * 'revalidating' while the kept answer shows and the request that may replace it is out;
   * 'failed' when the recommended ones could not be read (the next Connect asks again).
   */
  connectWallets: 'unloaded' | 'loading' | 'revalidating' | 'loaded' | 'failed'
  /** How many wallets the registry holds for this page (the "All wallets" count). */
  total: number
  /** What the visitor typed in the AllWallets search. */
  searchInput: string
  /** The search the list shows: `searchInput` once it has rested SEARCH_WAIT_MS. */
  query: string
  wallets: ModalWallet[]
  /** Wallets matching `query`, on every page. */
  count: number
  /** Pages of `query` loaded so far. */
  pages: number
  loading: boolean
  error: string | undefined
}

/** Which wallets a project shows (options includeWalletIds, excludeWalletIds, featuredWalletIds). */
export interface WalletListFilter {
  include: readonly string[]
  exclude: readonly string[]
  featured: readonly string[]
  /** CAIP-2 ids of the requested networks: only wallets supporting one of them. */
  chains: readonly string[]
}

/** The filter a page's options ask for. */
export function walletListFilter(
  options: Pick<
    ResolvedPorticoOptions,
    'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds' | 'networks'
  >,
): WalletListFilter {
  return {
    include: options.includeWalletIds,
    exclude: options.excludeWalletIds,
    featured: options.featuredWalletIds,
    chains: options.networks.map((network) => network.caipNetworkId),
  }
}

function initialWalletList(): WalletListState {
  return {
    featured: [],
    recommended: [],
    connectWallets: 'unloaded',
    total: 0,
    searchInput: '',
    query: '',
    wallets: [],
    count: 0,
    pages: 0,
    loading: false,
    error: undefined,
  }
}

export const walletListStore = /* @__PURE__ */ createStore(initialWalletList)

/** docs/product.md#wallet-api: 100 a page while searching, 40 otherwise. */
export function walletPageSize(query: string): number {
  return query === '' ? WALLET_LIST_PAGE_SIZE : WALLET_SEARCH_PAGE_SIZE
}

/** Whether the server holds wallets for `query` that are not loaded yet. */
export function hasMoreWallets(
  state: Pick<WalletListState, 'pages' | 'wallets' | 'count'>,
): boolean {
  return state.pages === 0 || state.wallets.length < state.count
}

/** A page appended to what is loaded, one entry per wallet id. */
export function appendWalletPage(
  loaded: readonly ModalWallet[],
  page: readonly ModalWallet[],
): ModalWallet[] {
  const ids = new Set(loaded.map((wallet) => wallet.id))
  return [...loaded, ...page.filter((wallet) => !ids.has(wallet.id))]
}

function listParams(
  filter: WalletListFilter,
): Pick<GetWalletsParams, 'include' | 'exclude' | 'chains'> {
  return {
    ...(filter.include.length ? { include: filter.include } : {}),
    ...(filter.exclude.length ? { exclude: filter.exclude } : {}),
    ...(filter.chains.length ? { chains: filter.chains } : {}),
  }
}

/** The featured wallets the Connect view asks for: the host's, but those it excludes. */
function featuredIdsOf(filter: WalletListFilter): string[] {
  return filter.featured.filter((id) => !filter.exclude.includes(id))
}

/** The most rows the registry's answer gives the Connect view (its placeholders while loading). */
export function connectWalletRowsAtMost(filter: WalletListFilter): number {
  return featuredIdsOf(filter).length + RECOMMENDED_WALLETS_PAGE_SIZE
}

/** Whether the Connect view's wallets are to be asked for: never yet, or the last try failed. */
export function connectWalletsWanted(state: WalletListState): boolean {
  return state.connectWallets === 'unloaded' || state.connectWallets === 'failed'
}

/** Whether the Connect view's wallets have not come yet (its placeholders hold their place). */
export function connectWalletsPending(state: WalletListState): boolean {
  return state.connectWallets === 'unloaded' || state.connectWallets === 'loading'
}

/**
 * The featured and recommended wallets of the Connect view. Featured ones that cannot be read
 * are left out; recommended ones that cannot be read leave the list 'failed' (empty, or still
 * the kept answer). With a `keptScope` (which server, project and filter), the last answer kept
 * for it shows at once, and each answer is kept for the next visit.
 */
export async function loadConnectViewWallets(
  api: WalletsApi,
  filter: WalletListFilter,
  keptScope?: string,
): Promise<void> {
  const kept = keptScope === undefined ? undefined : readKeptConnectWallets(keptScope)
  const showsRows = walletListStore.get().recommended.length > 0
  if (kept && !showsRows) {
    const { featured, recommended, total } = kept
    walletListStore.set({ featured, recommended, total, connectWallets: 'revalidating' })
  } else walletListStore.set({ connectWallets: showsRows ? 'revalidating' : 'loading' })
  // Written only while still this request's: a store reset meanwhile (a test's) wins.
  const settle = (patch: Partial<WalletListState>) => {
    const { connectWallets } = walletListStore.get()
    if (connectWallets === 'loading' || connectWallets === 'revalidating')
      walletListStore.set(patch)
  }
  const featuredIds = featuredIdsOf(filter)
  const empty: ModalWalletPage = { data: [], count: 0 }
  try {
    const [featured, recommended] = await Promise.all([
      featuredIds.length
        ? api
            .getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })
            .catch(() => empty)
        : empty,
      api.getWallets({
        page: 1,
        entries: RECOMMENDED_WALLETS_PAGE_SIZE,
        ...listParams({ ...filter, exclude: [...filter.exclude, ...featuredIds] }),
      }),
    ])
    const byFeaturedOrder = [...featured.data].sort(
      (a, b) => featuredIds.indexOf(a.id) - featuredIds.indexOf(b.id),
    )
    const answer = {
      featured: byFeaturedOrder,
      recommended: recommended.data,
      // The recommended call counts every wallet but the featured ones.
      total: recommended.count + byFeaturedOrder.length,
    }
    settle({ ...answer, connectWallets: 'loaded' })
    if (keptScope !== undefined) writeKeptConnectWallets({ scope: keptScope, ...answer })
  } catch {
    settle({ connectWallets: 'failed' })
  }
}

/**
 * Asks for the Connect view's wallets unless they are here or on their way (Connect, and
 * GetAWallet for a host that opens it first).
 */
export function ensureConnectViewWallets(
  api: WalletsApi,
  filter: WalletListFilter,
  keptScope?: string,
): Promise<void> {
  if (!connectWalletsWanted(walletListStore.get())) return Promise.resolve()
  return loadConnectViewWallets(api, filter, keptScope)
}

let pageRequest: Promise<void> | undefined
let searchTimer: unknown

/** Loads the next page of the current query; ignored while one loads or when all are here. */
export function loadMoreWallets(api: WalletsApi, filter: WalletListFilter): Promise<void> {
  const state = walletListStore.get()
  if (pageRequest) return pageRequest
  if (!hasMoreWallets(state)) return Promise.resolve()
  const { query } = state
  const page = state.pages + 1
  walletListStore.set({ loading: true, error: undefined })
  const request = api
    .getWallets({
      page,
      entries: walletPageSize(query),
      ...listParams(filter),
      ...(query ? { search: query } : {}),
    })
    .then(
      (answer) => {
        // The visitor searched for something else meanwhile: this page is not theirs.
        if (walletListStore.get().query !== query) return
        walletListStore.set((current) => ({
          wallets: appendWalletPage(current.wallets, answer.data),
          count: answer.count,
          pages: page,
          loading: false,
        }))
      },
      (error: unknown) => {
        if (walletListStore.get().query !== query) return
        walletListStore.set({ loading: false, error: walletErrorMessage(error) })
      },
    )
    .finally(() => {
      if (pageRequest === request) pageRequest = undefined
    })
  pageRequest = request
  return request
}

/** Starts over with `query`: page 1 of its results. */
function applySearch(api: WalletsApi, filter: WalletListFilter, query: string): Promise<void> {
  pageRequest = undefined
  walletListStore.set({ query, wallets: [], count: 0, pages: 0, loading: false, error: undefined })
  return loadMoreWallets(api, filter)
}

/** What the visitor types: the list follows once the input rests SEARCH_WAIT_MS (spec 9). */
export function setWalletSearch(api: WalletsApi, filter: WalletListFilter, input: string): void {
  walletListStore.set({ searchInput: input })
  if (searchTimer !== undefined) clock.clearTimeout(searchTimer)
  searchTimer = clock.setTimeout(() => {
    searchTimer = undefined
    const query = input.trim()
    if (query !== walletListStore.get().query) void applySearch(api, filter, query)
  }, SEARCH_WAIT_MS)
}

/** Back to an empty search (AllWallets opened again) without touching the Connect lists. */
export function clearWalletSearch(): void {
  if (searchTimer !== undefined) clock.clearTimeout(searchTimer)
  searchTimer = undefined
  pageRequest = undefined
  const { featured, recommended, connectWallets, total } = walletListStore.get()
  walletListStore.set({ ...initialWalletList(), featured, recommended, connectWallets, total })
}
