import {
  accountStore,
  cancelTransactionStack,
  EMBEDDED_WALLET_CONNECTOR_ID,
  embeddedWalletStore,
} from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { EmbeddedApproval } from './embedded-approval'

/**
 * Shown while the wallet is asked to approve a transaction, until its receipt. Cancel goes
 * back (the transaction stack's cancel). A native send's success moves on to TransactionSent.
 */
export default function ApproveTransaction() {
  const wallet = useStore(accountStore, (state) => state.byNamespace.eip155?.connectedWalletInfo)

  // The embedded wallet asks in its own frame, drawn over this view: its buttons decide. The
  // view keeps the frame's words and area while the frame is still loading its confirm and
  // after it is settled until the receipt: the words for a wallet app would name the connector
  // ("Email") in between.
  const approval = useStore(embeddedWalletStore, (state) => state.approval)
  if (approval || wallet?.identifier === EMBEDDED_WALLET_CONNECTOR_ID)
    return (
      <div className="portico-view portico-center">
        <EmbeddedApproval method={approval?.method ?? 'eth_sendTransaction'} />
      </div>
    )

  return (
    <div className="portico-view portico-center">
      <Spinner label="Waiting for the transaction" />
      <p>Approve the transaction in {wallet?.name ?? 'your wallet'}</p>
      <p className="portico-muted">It stays here until the network confirms it.</p>
      <Button variant="secondary" onClick={() => cancelTransactionStack()}>
        Cancel
      </Button>
    </div>
  )
}
