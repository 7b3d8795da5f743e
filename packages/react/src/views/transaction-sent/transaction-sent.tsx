import { formatAmount, resetView, sendStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { NoTransactionResult, TransactionResult } from '../shared/transaction-result'

/**
 * After a native send went through: what was sent, on which network, its hash, and its
 * explorer page when the network has an explorer (a local chain has none).
 */
export default function TransactionSent() {
  const sent = useStore(sendStore, (state) => state.sent)
  if (!sent) return <NoTransactionResult text="No transaction sent yet." />
  return (
    <TransactionResult
      summary={`Sent ${formatAmount(sent.amount)} ${sent.symbol}${sent.networkName ? ` on ${sent.networkName}` : ''}`}
      hash={sent.hash}
      explorerUrl={sent.explorerUrl}
      onDone={() => resetView('Account')}
    />
  )
}
