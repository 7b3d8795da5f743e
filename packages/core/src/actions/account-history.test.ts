import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryPage, TransactionHistoryItem } from '../api/blockchain'
import { HttpStatusError } from '../api/http'
import { type PorticoEvent, subscribeEvents } from '../events/events'
import { historyStore, isPurchase } from '../state/history'
import { fetchHistoryPage } from './account-history'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const item = (
  id: string,
  minedAt: string,
  operationType: TransactionHistoryItem['metadata']['operationType'] = 'send',
): TransactionHistoryItem => ({
  id,
  metadata: {
    minedAt,
    chain: 'eip155:1',
    operationType,
    status: 'confirmed',
    sentFrom: alice,
    sentTo: '0x2',
  },
  transfers: [],
})

/** The history route: `pages` in turn, and `purchases` (or its error) for the `onramp` query. */
function client(pages: (HistoryPage | Error)[], purchases: HistoryPage | Error = emptyPage) {
  const fetchHistory = vi.fn(
    async (_address: string | undefined, options?: { onramp?: string }) => {
      if (options?.onramp !== undefined) {
        if (purchases instanceof Error) throw purchases
        return purchases
      }
      const next = pages.shift()
      if (!next || next instanceof Error) throw next ?? new Error('no page')
      return next
    },
  )
  return { api: { blockchain: { fetchHistory } } }
}

const emptyPage: HistoryPage = { data: [], next: null }

afterEach(() => historyStore.reset())

describe('fetching history pages', () => {
  it("refuses a call with no address with the spec's message", async () => {
    await expect(fetchHistoryPage(client([]), undefined, 'eip155:1')).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
  })

  it('follows the cursor, and stops after the last page', async () => {
    const api = client([
      { data: [item('a', '2026-03-01T00:00:00Z')], next: 'c1' },
      { data: [item('b', '2026-02-01T00:00:00Z')], next: null },
    ])
    await fetchHistoryPage(api, alice, 'eip155:1', { first: true })
    await fetchHistoryPage(api, alice, 'eip155:1')
    await fetchHistoryPage(api, alice, 'eip155:1')
    expect(api.api.blockchain.fetchHistory.mock.calls).toEqual([
      [alice, { chainId: 'eip155:1' }],
      [alice, { chainId: 'eip155:1', onramp: 'coinbase' }],
      [alice, { chainId: 'eip155:1', cursor: 'c1' }],
    ])
    expect(historyStore.get().transactions.map((t) => t.id)).toEqual(['a', 'b'])
  })

  it('shows the error state and tracks ERROR_FETCH_TRANSACTIONS on failure', async () => {
    const events: PorticoEvent[] = []
    const stop = subscribeEvents((event) => events.push(event))
    await fetchHistoryPage(client([new HttpStatusError(502)]), alice, 'eip155:1', { first: true })
    stop()
    expect(historyStore.get()).toMatchObject({ failed: true, empty: true, loading: false })
    expect(events.map((event) => event.event)).toEqual(['ERROR_FETCH_TRANSACTIONS'])
  })

  it('labels a card purchase once: the indexed transfer and the order share its hash', async () => {
    const hash = `0x${'ab'.repeat(32)}`
    const indexed = item(`eip155:1:${hash}`, '2026-03-02T00:00:00Z', 'receive')
    const order = { ...indexed, metadata: { ...indexed.metadata, hash: hash.toUpperCase() } }
    const api = client(
      [{ data: [indexed, item('b', '2026-03-01T00:00:00Z', 'receive')], next: null }],
      { data: [order], next: null },
    )
    await fetchHistoryPage(api, alice, 'eip155:1', { first: true })
    const { transactions, coinbaseTransactions } = historyStore.get()
    expect(transactions.map((t) => t.id)).toEqual([indexed.id, 'b'])
    expect(transactions.map((t) => isPurchase(t, coinbaseTransactions))).toEqual([true, false])
  })

  it('shows a purchase the indexer has not seen yet, and not again when it has', async () => {
    const hash = `0x${'cd'.repeat(32)}`
    const order = item(`eip155:1:${hash}`, '2026-03-03T00:00:00Z', 'receive')
    const api = client(
      [
        { data: [item('a', '2026-03-01T00:00:00Z')], next: 'c1' },
        { data: [{ ...order, metadata: { ...order.metadata, hash } }], next: null },
      ],
      { data: [order], next: null },
    )
    await fetchHistoryPage(api, alice, 'eip155:1', { first: true })
    expect(historyStore.get().transactions.map((t) => t.id)).toEqual(['a', order.id])
    await fetchHistoryPage(api, alice, 'eip155:1')
    expect(historyStore.get().transactions.map((t) => t.id)).toEqual(['a', order.id])
  })

  it('still shows the history when the purchases cannot be fetched', async () => {
    const api = client(
      [{ data: [item('a', '2026-03-01T00:00:00Z', 'receive')], next: null }],
      new HttpStatusError(502),
    )
    await fetchHistoryPage(api, alice, 'eip155:1', { first: true })
    expect(historyStore.get()).toMatchObject({ failed: false, coinbaseTransactions: [] })
    expect(historyStore.get().transactions.map((t) => t.id)).toEqual(['a'])
  })
})
