// Fetches the NFTs tab's pages from our server, a page at a time on its cursor.
import type { HttpClient } from '../api/http'
import { fetchAccountNfts } from '../api/nfts'
import { appendNftsPage, failNftsFetch, nftsStore, startNftsFetch } from '../state/nfts'

export async function fetchNftsPage(
  client: { api: { http: HttpClient } },
  address: string,
  caipNetworkId: string,
  options: { first?: boolean } = {},
): Promise<void> {
  const caipAddress = `${caipNetworkId}:${address}`
  const state = nftsStore.get()
  const same = state.caipAddress === caipAddress
  if (same && state.loading) return
  if (!options.first && same && state.loaded && state.next === undefined) return
  if (options.first) nftsStore.reset()
  const cursor = options.first || !same ? undefined : state.next
  startNftsFetch(caipAddress)
  try {
    const page = await fetchAccountNfts(client.api.http, address, caipNetworkId, {
      ...(cursor ? { cursor } : {}),
    })
    appendNftsPage(caipAddress, page)
  } catch {
    failNftsFetch(caipAddress)
  }
}
