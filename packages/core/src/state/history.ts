// Activity (docs/product.md#activity-history): the active network's transactions, grouped by
// year then month, newest first, a page at a time on the server's cursor. A transaction whose
// transfers are all spam-flagged NFTs is dropped.
import type { TransactionHistoryItem } from '../api/blockchain'
import { TRANSACTION_AMOUNT_DECIMALS } from '../constants'
import { formatAmount } from '../format/number'
import { createStore } from './store'

export interface MonthGroup {
  /** 0 (January) to 11, in UTC. */
  month: number
  transactions: TransactionHistoryItem[]
}

export interface YearGroup {
  year: number
  months: MonthGroup[]
}

export interface HistoryState {
  transactions: TransactionHistoryItem[]
  /** Year then month, newest first. */
  transactionsByYear: YearGroup[]
  /** The account's card purchases on this network (the history's `onramp` page). */
  coinbaseTransactions: TransactionHistoryItem[]
  /** The network the list is of; another one starts the list over. */
  lastNetworkInView: string | undefined
  loading: boolean
  empty: boolean
  /** The next page's cursor; undefined before the first page and after the last. */
  next: string | undefined
  /** The last fetch failed. */
  failed: boolean
}

export const historyStore = /* @__PURE__ */ createStore<HistoryState>(() => ({
  transactions: [],
  transactionsByYear: [],
  coinbaseTransactions: [],
  lastNetworkInView: undefined,
  loading: false,
  empty: false,
  next: undefined,
  failed: false,
}))

export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

/** docs/product.md#activity-history: every transfer is a spam NFT (an empty list is not spam). */
export function isSpamTransaction(transaction: TransactionHistoryItem): boolean {
  return (
    transaction.transfers.length > 0 &&
    transaction.transfers.every((transfer) => transfer.nft_info?.flags.is_spam === true)
  )
}

/** The transactions of one network, spam dropped. */
export function visibleTransactions(
  transactions: readonly TransactionHistoryItem[],
  caipNetworkId: string,
): TransactionHistoryItem[] {
  return transactions.filter(
    (transaction) =>
      transaction.metadata.chain === caipNetworkId && !isSpamTransaction(transaction),
  )
}

/** Year then month (UTC), newest first; within a month, newest first. */
export function groupTransactionsByYearMonth(
  transactions: readonly TransactionHistoryItem[],
): YearGroup[] {
  const sorted = [...transactions].sort(
    (a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt),
  )
  const years: YearGroup[] = []
  for (const transaction of sorted) {
    const date = new Date(transaction.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    let yearGroup = years.at(-1)
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] }
      years.push(yearGroup)
    }
    let monthGroup = yearGroup.months.at(-1)
    if (monthGroup?.month !== month) {
      monthGroup = { month, transactions: [] }
      yearGroup.months.push(monthGroup)
    }
    monthGroup.transactions.push(transaction)
  }
  return years
}

/** docs/product.md#constants: transaction amounts are shown with 3 decimals. */
export function formatTransactionAmount(numeric: string): string {
  return formatAmount(numeric, { minDecimals: TRANSACTION_AMOUNT_DECIMALS })
}

/** The transaction's hash, lowercase: the indexer and the onramp name one transfer alike. */
export function transactionHash(transaction: TransactionHistoryItem): string {
  return (transaction.metadata.hash ?? transaction.id.split(':').at(-1) ?? '').toLowerCase()
}

/** A card purchase: its payout's hash is one of the onramp page's. */
export function isPurchase(
  transaction: TransactionHistoryItem,
  purchases: readonly TransactionHistoryItem[],
): boolean {
  const hash = transactionHash(transaction)
  return purchases.some((purchase) => transactionHash(purchase) === hash)
}

/** Loading starts; a network other than the one in view starts the list over. */
export function startHistoryFetch(caipNetworkId: string): void {
  if (historyStore.get().lastNetworkInView !== caipNetworkId) {
    historyStore.reset()
    historyStore.set({ lastNetworkInView: caipNetworkId })
  }
  historyStore.set({ loading: true, failed: false })
}

/**
 * A page arrived: appended, regrouped; empty when nothing is left to show. `purchases` (the
 * onramp page, asked with the first page) join the list too, so a purchase the indexer has not
 * seen yet still shows; a transfer both lists hold (the same hash) shows once.
 */
export function appendHistoryPage(
  caipNetworkId: string,
  page: { data: readonly TransactionHistoryItem[]; next: string | null },
  purchases?: readonly TransactionHistoryItem[],
): void {
  const state = historyStore.get()
  if (state.lastNetworkInView !== caipNetworkId) return
  const coinbaseTransactions = purchases
    ? visibleTransactions(purchases, caipNetworkId)
    : state.coinbaseTransactions
  const transactions = [...state.transactions]
  const seen = new Set(transactions.map(transactionHash))
  for (const transaction of [
    ...visibleTransactions(page.data, caipNetworkId),
    ...coinbaseTransactions,
  ]) {
    const hash = transactionHash(transaction)
    if (seen.has(hash)) continue
    seen.add(hash)
    transactions.push(transaction)
  }
  historyStore.set({
    transactions,
    transactionsByYear: groupTransactionsByYearMonth(transactions),
    coinbaseTransactions,
    loading: false,
    empty: transactions.length === 0,
    next: page.next ?? undefined,
  })
}

/** docs/product.md#activity-history: an error sets empty and clears the cursor. */
export function failHistoryFetch(caipNetworkId: string): void {
  if (historyStore.get().lastNetworkInView !== caipNetworkId) return
  historyStore.set({ loading: false, failed: true, empty: true, next: undefined })
}

export function resetHistory(): void {
  historyStore.reset()
}
