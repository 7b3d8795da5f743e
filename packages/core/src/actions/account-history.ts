// Fetches the Activity tab's pages (docs/product.md#activity-history): the active network's history
// our server, a page at a time on its cursor. A failure sets the store's error state and is
// tracked as ERROR_FETCH_TRANSACTIONS. The first page comes with the account's card purchases
// (the route's `onramp` query), which Activity labels as such.
import { type BlockchainApi, MissingAccountAddressError } from '../api/blockchain'
import { trackEvent } from '../events/events'
import {
  appendHistoryPage,
  failHistoryFetch,
  historyStore,
  startHistoryFetch,
} from '../state/history'

/** The history route's `onramp` value (docs/product.md#calls); the spec's only one. */
const ONRAMP_HISTORY = 'coinbase'

export interface HistoryClient {
  api: { blockchain: Pick<BlockchainApi, 'fetchHistory'> }
}

/**
 * The first page (`first`: the list starts over) or the next one. Throws
 * MissingAccountAddressError without an address; a second call while one runs does nothing.
 */
export async function fetchHistoryPage(
  client: HistoryClient,
  address: string | undefined,
  caipNetworkId: string,
  options: { first?: boolean } = {},
): Promise<void> {
  if (!address) throw new MissingAccountAddressError()
  const state = historyStore.get()
  const sameNetwork = state.lastNetworkInView === caipNetworkId
  if (sameNetwork && state.loading) return
  if (!options.first && sameNetwork && state.next === undefined && state.transactions.length > 0)
    return
  if (options.first) historyStore.reset()
  const cursor = options.first || !sameNetwork ? undefined : state.next
  startHistoryFetch(caipNetworkId)
  try {
    // The account's card purchases come with the first page, so Activity can call them Bought;
    // without them (the call failed) they still show, as the indexer saw them.
    const [page, purchases] = await Promise.all([
      client.api.blockchain.fetchHistory(address, {
        chainId: caipNetworkId,
        ...(cursor ? { cursor } : {}),
      }),
      cursor
        ? undefined
        : client.api.blockchain
            .fetchHistory(address, { chainId: caipNetworkId, onramp: ONRAMP_HISTORY })
            .then(
              (answer) => answer.data,
              () => undefined,
            ),
    ])
    appendHistoryPage(caipNetworkId, page, purchases)
  } catch (error) {
    failHistoryFetch(caipNetworkId)
    trackEvent('ERROR_FETCH_TRANSACTIONS', {
      network: caipNetworkId,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}
