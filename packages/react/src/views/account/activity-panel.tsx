import {
  activityCounterparty,
  activityCounterpartyAddress,
  addressNamesStore,
  type CaipNetwork,
  cachedAddressName,
  explorerTransactionUrl,
  FAILED_TO_FETCH_TRANSACTIONS,
  fetchHistoryPage,
  formatTransactionAmount,
  historyStore,
  isPurchase,
  requestAddressNames,
  type TransactionHistoryItem,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { Spinner } from '../../ui/spinner'
import { monthName } from './month-name'
import { useInfiniteScroll } from './use-infinite-scroll'

const OPERATION_LABELS: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  burn: 'Burned',
  trade: 'Swapped',
  execute: 'Executed',
}

/** "0.500 USDC" or an NFT's name: what the row says moved. */
function transferText(transaction: TransactionHistoryItem): string {
  const [first] = transaction.transfers
  if (!first) return ''
  if (first.nft_info) return first.nft_info.name
  const symbol = first.fungible_info?.symbol ?? ''
  return `${formatTransactionAmount(first.quantity.numeric)} ${symbol}`.trim()
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

/** A card purchase's row (ours: the word of its toast, 'Bought {amount} {symbol}'). */
const PURCHASE_LABEL = 'Bought'

function ActivityRow({
  transaction,
  network,
  purchases,
  nameOf,
}: {
  transaction: TransactionHistoryItem
  network: CaipNetwork
  purchases: readonly TransactionHistoryItem[]
  nameOf: (address: string) => string | undefined
}) {
  const { metadata } = transaction
  const label = isPurchase(transaction, purchases)
    ? PURCHASE_LABEL
    : (OPERATION_LABELS[metadata.operationType] ?? metadata.operationType)
  const hash = metadata.hash ?? transaction.id.split(':').at(-1)
  const day = dayFormat.format(new Date(metadata.minedAt))
  const failed = metadata.status === 'failed'
  // None on a network without an explorer: a local chain's transactions are nowhere public.
  const explorerUrl = hash ? explorerTransactionUrl(network, hash) : undefined
  // A purchase's payout comes from the provider's treasury: nobody the visitor knows.
  const counterparty =
    label === PURCHASE_LABEL ? undefined : activityCounterparty(transaction, nameOf)
  const amount = transferText(transaction)
  const content = (
    <>
      <span className="portico-activity-text">
        <span>
          {label}
          {failed ? <span className="portico-error-text"> · Failed</span> : null}
        </span>
        <span className="portico-muted">{counterparty ? `${counterparty} · ${day}` : day}</span>
      </span>
      <span className="portico-activity-amount">{amount}</span>
    </>
  )
  // The link is heard as one sentence: "Sent 0.010 ETH to 0x7099…79C8, Dec 7".
  const sentence = [label, amount, counterparty].filter(Boolean).join(' ')
  const name = `${sentence}${failed ? ', failed' : ''}, ${day}`
  return (
    <li>
      {explorerUrl ? (
        <a
          className="portico-activity-row"
          aria-label={name}
          href={explorerUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          {content}
        </a>
      ) : (
        <span className="portico-activity-row">{content}</span>
      )}
    </li>
  )
}

export function ActivityPanel({ address, network }: { address: string; network: CaipNetwork }) {
  const client = usePorticoApiClient()
  const state = useStore(historyStore)
  // Re-rendered as names arrive; each counterparty's name is asked once, not once per row.
  useStore(addressNamesStore)
  const caipNetworkId = network.caipNetworkId
  // Opening the tab shows the latest: the list starts over.
  useEffect(() => {
    void fetchHistoryPage(client, address, caipNetworkId, { first: true })
  }, [client, address, caipNetworkId])
  useEffect(() => {
    requestAddressNames(
      client,
      state.transactions.map((transaction) => activityCounterpartyAddress(transaction)?.address),
    )
  }, [client, state.transactions])
  const nameOf = (counterparty: string) => cachedAddressName(counterparty)?.name
  const current = state.lastNetworkInView === caipNetworkId
  const sentinel = useInfiniteScroll(
    current && state.next !== undefined && !state.failed,
    state.transactions.length,
    () => void fetchHistoryPage(client, address, caipNetworkId),
  )

  if (!current || (state.loading && state.transactions.length === 0)) {
    return (
      <div className="portico-panel-state">
        <Spinner label="Loading activity" />
      </div>
    )
  }
  if (state.failed && state.transactions.length === 0) {
    return (
      <p className="portico-panel-state portico-error-text" role="alert">
        {FAILED_TO_FETCH_TRANSACTIONS}
      </p>
    )
  }
  if (state.empty) {
    return <p className="portico-panel-state portico-muted">No activity yet</p>
  }
  return (
    <>
      {state.transactionsByYear.map((year) => (
        <section key={year.year} aria-label={String(year.year)}>
          <h3 className="portico-activity-year">{year.year}</h3>
          {year.months.map((month) => (
            <section key={month.month} aria-label={`${monthName(month.month)} ${year.year}`}>
              <h4 className="portico-activity-month">{monthName(month.month)}</h4>
              <ul className="portico-list">
                {month.transactions.map((transaction) => (
                  <ActivityRow
                    key={transaction.id}
                    transaction={transaction}
                    network={network}
                    purchases={state.coinbaseTransactions}
                    nameOf={nameOf}
                  />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {state.loading ? <Spinner label="Loading more activity" /> : null}
      {state.failed ? (
        <p className="portico-error-text" role="alert">
          {FAILED_TO_FETCH_TRANSACTIONS}
        </p>
      ) : null}
      <div ref={sentinel} className="portico-sentinel" />
    </>
  )
}
