import { afterEach, describe, expect, it } from 'vitest'
import type { TransactionHistoryItem, TransactionTransfer } from '../api/blockchain'
import {
  appendHistoryPage,
  failHistoryFetch,
  formatTransactionAmount,
  groupTransactionsByYearMonth,
  historyStore,
  isSpamTransaction,
  startHistoryFetch,
} from './history'

const nft = (spam: boolean): TransactionTransfer => ({
  nft_info: { name: 'N', content: { preview: { url: null } }, flags: { is_spam: spam } },
  direction: 'in',
  quantity: { numeric: '1' },
  value: null,
  price: null,
})
const fungible: TransactionTransfer = {
  fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: null } },
  direction: 'out',
  quantity: { numeric: '0.5' },
  value: null,
  price: null,
}

function tx(id: string, minedAt: string, transfers = [fungible], chain = 'eip155:1') {
  return {
    id,
    metadata: {
      minedAt,
      chain,
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0x1',
      sentTo: '0x2',
    },
    transfers,
  } satisfies TransactionHistoryItem
}

afterEach(() => historyStore.reset())

// docs/product.md#activity-history: a transaction made only of spam NFT transfers is dropped.
describe('the spam rule', () => {
  it('drops a transaction whose transfers are all spam NFTs', () => {
    expect(isSpamTransaction(tx('a', '2026-01-01T00:00:00Z', [nft(true), nft(true)]))).toBe(true)
  })

  it('keeps one with a real NFT or a fungible transfer beside the spam', () => {
    expect(isSpamTransaction(tx('a', '2026-01-01T00:00:00Z', [nft(true), nft(false)]))).toBe(false)
    expect(isSpamTransaction(tx('a', '2026-01-01T00:00:00Z', [nft(true), fungible]))).toBe(false)
    expect(isSpamTransaction(tx('a', '2026-01-01T00:00:00Z', []))).toBe(false)
  })

  it('leaves spam out of the list a page fills', () => {
    startHistoryFetch('eip155:1')
    appendHistoryPage('eip155:1', {
      data: [tx('a', '2026-03-01T00:00:00Z'), tx('spam', '2026-02-01T00:00:00Z', [nft(true)])],
      next: null,
    })
    expect(historyStore.get().transactions.map((t) => t.id)).toEqual(['a'])
  })
})

describe('grouping by year then month', () => {
  it('groups newest first: years, then months, then transactions', () => {
    const groups = groupTransactionsByYearMonth([
      tx('2025-12', '2025-12-24T10:00:00Z'),
      tx('2026-01-late', '2026-01-30T10:00:00Z'),
      tx('2026-03', '2026-03-02T10:00:00Z'),
      tx('2026-01-early', '2026-01-02T10:00:00Z'),
      tx('2025-02', '2025-02-10T10:00:00Z'),
    ])
    expect(
      groups.map((year) => [
        year.year,
        year.months.map((month) => [month.month, month.transactions.map((t) => t.id)]),
      ]),
    ).toEqual([
      [
        2026,
        [
          [2, ['2026-03']],
          [0, ['2026-01-late', '2026-01-early']],
        ],
      ],
      [
        2025,
        [
          [11, ['2025-12']],
          [1, ['2025-02']],
        ],
      ],
    ])
  })

  it('regroups as pages append, and keeps only the active network', () => {
    startHistoryFetch('eip155:1')
    appendHistoryPage('eip155:1', { data: [tx('a', '2026-03-01T00:00:00Z')], next: 'c1' })
    expect(historyStore.get()).toMatchObject({ next: 'c1', loading: false, empty: false })
    startHistoryFetch('eip155:1')
    appendHistoryPage('eip155:1', {
      data: [
        tx('b', '2025-03-01T00:00:00Z'),
        tx('base', '2025-03-01T00:00:00Z', [], 'eip155:8453'),
      ],
      next: null,
    })
    const state = historyStore.get()
    expect(state.transactions.map((t) => t.id)).toEqual(['a', 'b'])
    expect(state.transactionsByYear.map((group) => group.year)).toEqual([2026, 2025])
    expect(state.next).toBeUndefined()
  })
})

describe('history states', () => {
  it('is empty when the first page holds nothing', () => {
    startHistoryFetch('eip155:1')
    expect(historyStore.get().loading).toBe(true)
    appendHistoryPage('eip155:1', { data: [], next: null })
    expect(historyStore.get()).toMatchObject({ loading: false, empty: true })
  })

  it('on error sets empty and clears the cursor', () => {
    startHistoryFetch('eip155:1')
    appendHistoryPage('eip155:1', { data: [tx('a', '2026-03-01T00:00:00Z')], next: 'c1' })
    startHistoryFetch('eip155:1')
    failHistoryFetch('eip155:1')
    expect(historyStore.get()).toMatchObject({ failed: true, empty: true, next: undefined })
  })

  it('starts over for another network', () => {
    startHistoryFetch('eip155:1')
    appendHistoryPage('eip155:1', { data: [tx('a', '2026-03-01T00:00:00Z')], next: 'c1' })
    startHistoryFetch('eip155:8453')
    expect(historyStore.get()).toMatchObject({ transactions: [], lastNetworkInView: 'eip155:8453' })
  })
})

describe('transaction amounts', () => {
  it('shows them with 3 decimals', () => {
    expect(formatTransactionAmount('0.5')).toBe('0.500')
    expect(formatTransactionAmount('0.01')).toBe('0.010')
    expect(formatTransactionAmount('1234.56789')).toBe('1,234.567')
    expect(formatTransactionAmount('250')).toBe('250.000')
  })
})
