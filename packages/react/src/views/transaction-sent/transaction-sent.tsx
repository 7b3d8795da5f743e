import { formatAmount, resetView, sendStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { sendStyles } from '../send/send-styles'

/**
 * After a native send went through: what was sent, on which network, its hash, and its
 * explorer page when the network has an explorer (a local chain has none).
 */
export default function TransactionSent() {
  injectViewStyles('send', sendStyles)
  const sent = useStore(sendStore, (state) => state.sent)
  if (!sent) {
    return (
      <div className="portico-view portico-center">
        <p className="portico-muted">No transaction sent yet.</p>
        <Button onClick={() => resetView('Account')}>Back to account</Button>
      </div>
    )
  }
  return (
    <div className="portico-view portico-stack">
      <p role="status">
        Sent {formatAmount(sent.amount)} {sent.symbol}
        {sent.networkName ? ` on ${sent.networkName}` : ''}
      </p>
      <dl className="portico-summary">
        <dt>Transaction hash</dt>
        <dd className="portico-hash">{sent.hash}</dd>
      </dl>
      {sent.explorerUrl ? (
        <a
          className="portico-link"
          href={sent.explorerUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          View on explorer
        </a>
      ) : null}
      <Button onClick={() => resetView('Account')}>Back to account</Button>
    </div>
  )
}
