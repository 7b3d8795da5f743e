import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryPage, TransactionHistoryItem } from '../api/blockchain'
import { HttpStatusError } from '../api/http'
import { type PorticoEvent, subscribeEvents } from '../events/events'
import { historyStore } from '../state/history'
import { fetchHistoryPage } from './accountHistory'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const item = (id: string, minedAt: string): TransactionHistoryItem => ({
  id,
  metadata: {
    minedAt,
    chain: 'eip155:1',
    operationType: 'send',
    status: 'confirmed',
    sentFrom: alice,
    sentTo: '0x2',
  },
  transfers: [],
})

function client(pages: (HistoryPage | Error)[]) {
  const fetchHistory = vi.fn(async () => {
    const next = pages.shift()
    if (!next || next instanceof Error) throw next ?? new Error('no page')
    return next
  })
  return { api: { blockchain: { fetchHistory } } }
}

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
})
