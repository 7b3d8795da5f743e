import { resetView, swapStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { NoTransactionResult, TransactionResult } from '../shared/transaction-result'

/** After a swap went through: what was paid and received, on which network, and its hash. */
export default function SwapComplete() {
  const done = useStore(swapStore, (state) => state.done)
  if (!done) return <NoTransactionResult text="No swap made yet." />
  return (
    <TransactionResult
      summary={`Swapped ${done.paid} for ${done.received}${done.networkName ? ` on ${done.networkName}` : ''}`}
      hash={done.hash}
      explorerUrl={done.explorerUrl}
      onDone={() => resetView('Account')}
    />
  )
}
