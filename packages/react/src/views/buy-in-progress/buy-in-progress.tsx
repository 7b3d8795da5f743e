import {
  followOnrampPurchase,
  formatAmount,
  getActiveChainAccount,
  goBackToIndex,
  type OnrampOrder,
  onrampStore,
  routerStore,
  transactionLink,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { TransactionResult } from '../shared/transaction-result'

function statusText(order: OnrampOrder): string {
  const symbol = order.purchaseAmount?.currency ?? 'coins'
  switch (order.status) {
    case 'created':
      return 'Complete your payment in the provider window'
    case 'awaiting_confirmation':
      return 'Confirm the payment with your bank in the provider window'
    case 'charged':
    case 'paying':
      return `Payment received: sending your ${symbol}`
    case 'paid':
      return `Purchase complete: ${formatAmount(order.purchaseAmount?.amount)} ${symbol} arrived`
    case 'declined':
      return 'Payment declined'
    default:
      return 'The purchase failed'
  }
}

/** The purchase under way in the provider's window, followed until the coins arrive. */
export default function BuyInProgress() {
  const client = usePorticoApiClient()
  const { order, checkoutUrl } = useStore(onrampStore)

  useEffect(() => {
    const account = getActiveChainAccount()
    if (!account) return
    const controller = new AbortController()
    void followOnrampPurchase(client, account, controller.signal)
    return () => controller.abort()
  }, [client])

  if (!order) return <div className="portico-view" />
  const backToAccount = () => {
    const index = routerStore.get().history.lastIndexOf('Account')
    if (index >= 0) goBackToIndex(index)
    else client.goBack()
  }
  const finished =
    order.status === 'paid' || order.status === 'declined' || order.status === 'failed'
  const refused = order.status === 'declined' || order.status === 'failed'
  // Paid: the result, as a send or a swap ends (the header says 'Purchase Complete').
  if (order.status === 'paid' && order.txHash) {
    return (
      <TransactionResult
        summary={statusText(order)}
        hash={order.txHash}
        explorerUrl={transactionLink(order.txHash, order.chain).explorerUrl}
        onDone={backToAccount}
      />
    )
  }

  return (
    <div className="portico-view portico-center">
      {finished ? null : <Spinner label="Buying" />}
      <p role="status">{statusText(order)}</p>
      {refused && order.message ? (
        <p className="portico-error-text" role="alert">
          {order.message}
        </p>
      ) : null}
      {!finished && checkoutUrl ? (
        <a
          className="portico-button"
          data-variant="secondary"
          href={checkoutUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          Open the provider window again
        </a>
      ) : null}
      {refused ? <Button onClick={() => client.goBack()}>Try again</Button> : null}
      {order.status === 'paid' ? <Button onClick={backToAccount}>Done</Button> : null}
    </div>
  )
}
