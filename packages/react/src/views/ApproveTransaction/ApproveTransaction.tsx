import {
  accountStore,
  cancelTransactionStack,
  resetView,
  routerStore,
  sendStore,
} from '@portico/core'
import { useStore } from '../../hooks/useStore'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'

/**
 * Shown while the wallet is asked to approve a transaction, until its receipt. Cancel goes
 * back (the transaction stack's cancel); a stack with no view leaves this view up once the
 * transaction is through, so it then says so.
 */
export default function ApproveTransaction() {
  const loading = useStore(sendStore, (state) => state.loading)
  const sent = useStore(sendStore, (state) => state.sent)
  const pending = useStore(routerStore, (state) => state.transactionStack.length > 0)
  const walletName = useStore(
    accountStore,
    (state) => state.byNamespace.eip155?.connectedWalletInfo?.name,
  )

  if (!loading && !pending && sent) {
    return (
      <div className="portico-view portico-center">
        <p role="status">
          Sent {sent.amount} {sent.symbol}
        </p>
        <Button onClick={() => resetView('Account')}>Back to account</Button>
      </div>
    )
  }
  return (
    <div className="portico-view portico-center">
      <Spinner label="Waiting for the transaction" />
      <p>Approve the transaction in {walletName ?? 'your wallet'}</p>
      <p className="portico-muted">It stays here until the network confirms it.</p>
      <Button variant="secondary" onClick={() => cancelTransactionStack()}>
        Cancel
      </Button>
    </div>
  )
}
