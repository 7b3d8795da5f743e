// The NFTs tab: the account's NFTs on the active network (our server leaves spam collections
// out), a page at a time on the server's cursor.
import type { AccountNft } from '../api/nfts'
import { createStore } from './store'

export interface NftsState {
  /** `caipNetworkId:address` the list is of. */
  caipAddress: string | undefined
  nfts: AccountNft[]
  loading: boolean
  failed: boolean
  /** The next page's cursor; undefined before the first page and after the last. */
  next: string | undefined
  /** At least one page arrived. */
  loaded: boolean
}

export const nftsStore = /* @__PURE__ */ createStore<NftsState>(() => ({
  caipAddress: undefined,
  nfts: [],
  loading: false,
  failed: false,
  next: undefined,
  loaded: false,
}))

export function startNftsFetch(caipAddress: string): void {
  if (nftsStore.get().caipAddress !== caipAddress) {
    nftsStore.reset()
    nftsStore.set({ caipAddress })
  }
  nftsStore.set({ loading: true, failed: false })
}

export function appendNftsPage(
  caipAddress: string,
  page: { data: readonly AccountNft[]; next: string | null },
): void {
  const state = nftsStore.get()
  if (state.caipAddress !== caipAddress) return
  const seen = new Set(state.nfts.map((nft) => nft.id))
  nftsStore.set({
    nfts: [...state.nfts, ...page.data.filter((nft) => !seen.has(nft.id))],
    next: page.next ?? undefined,
    loading: false,
    loaded: true,
  })
}

export function failNftsFetch(caipAddress: string): void {
  if (nftsStore.get().caipAddress !== caipAddress) return
  nftsStore.set({ loading: false, failed: true, next: undefined })
}
