import { accountStore, cancelTransactionStack, embeddedWalletStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { EmbeddedApproval } from './embedded-approval'

/**
 * Shown while the wallet is asked to approve a transaction, until its receipt. Cancel goes
 * back (the transaction stack's cancel). A native send's success moves on to TransactionSent.
 */
export default function ApproveTransaction() {
  const walletName = useStore(
    accountStore,
    (state) => state.byNamespace.eip155?.connectedWalletInfo?.name,
  )

  // The embedded wallet asks in its own frame, drawn over this view: its buttons decide.
  const approval = useStore(embeddedWalletStore, (state) => state.approval)
  if (approval)
    return (
      <div className="portico-view portico-center">
        <EmbeddedApproval method={approval.method} />
      </div>
    )

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
