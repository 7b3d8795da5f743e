import { resetView, showSuccess } from '@portico/core'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-link-button'
import { formStyles } from './form-styles'

export interface TransactionResultProps {
  /** What happened, in one sentence: "Swapped 0.1 ETH for 299 USDC on Ethereum". */
  summary: string
  hash: string
  /** The explorer page; none on a network without an explorer (a local chain). */
  explorerUrl: string | undefined
  onDone: () => void
}

/**
 * The end of a transaction the visitor made (send, swap, buy): what happened, its hash with a
 * copy button, the explorer link where the network has one, and the way back to Account.
 */
export function TransactionResult({ summary, hash, explorerUrl, onDone }: TransactionResultProps) {
  injectViewStyles('form', formStyles)
  return (
    <div className="portico-view portico-stack">
      <p role="status">{summary}</p>
      <dl className="portico-summary">
        <dt>Transaction hash</dt>
        <dd className="portico-hash">{hash}</dd>
      </dl>
      <CopyButton value={hash} label="Copy hash" onCopied={() => showSuccess('Hash copied')} />
      {explorerUrl ? (
        <a className="portico-link" href={explorerUrl} target="_blank" rel="noreferrer noopener">
          View on explorer
        </a>
      ) : null}
      <Button onClick={onDone}>Back to account</Button>
    </div>
  )
}

/** A result view opened with nothing to show (its store was reset): the way back only. */
export function NoTransactionResult({ text }: { text: string }) {
  return (
    <div className="portico-view portico-center">
      <p className="portico-muted">{text}</p>
      <Button onClick={() => resetView('Account')}>Back to account</Button>
    </div>
  )
}
