import {
  estimateSendFee,
  formatAmount,
  formatFiat,
  getActiveChainAccount,
  networkStore,
  sendDraftTransaction,
  sendStore,
  shortAddress,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { formStyles } from '../shared/form-styles'

/**
 * What will be sent, to whom, the network fee and the rent of a token account the send creates
 * for the receiver (Solana); then the wallet signs.
 */
export default function SendPreview() {
  injectViewStyles('form', formStyles)
  const client = usePorticoApiClient()
  const draft = useStore(sendStore)
  const networkName = useStore(networkStore, (state) => state.activeCaipNetwork?.name)
  // Back here after a declined signature, or opened without a fee: estimate it again.
  useEffect(() => {
    const account = getActiveChainAccount()
    if (account && !sendStore.get().fee && sendStore.get().token)
      void estimateSendFee(client, account).catch(() => {})
  }, [client])

  if (!draft.token || !draft.sendTokenAmount || !draft.receiverAddress) {
    return (
      <div className="portico-view portico-center">
        <p className="portico-muted">Nothing to send.</p>
        <Button variant="secondary" onClick={() => client.goBack()}>
          Back
        </Button>
      </div>
    )
  }
  const fee = draft.fee
  return (
    <div className="portico-view portico-stack">
      <dl className="portico-summary">
        <dt>Send</dt>
        <dd>
          {draft.sendTokenAmount} {draft.token.symbol}
        </dd>
        <dt>Network</dt>
        <dd>{networkName ?? '…'}</dd>
        <dt>To</dt>
        <dd title={draft.receiverAddress}>
          {draft.receiverProfileName
            ? `${draft.receiverProfileName.trim()} (${shortAddress(draft.receiverAddress, 6, 6)})`
            : shortAddress(draft.receiverAddress, 6, 6)}
        </dd>
        <dt>Network fee</dt>
        <dd>
          {fee
            ? `${formatAmount(fee.numeric)} ${fee.symbol}${fee.value === undefined ? '' : ` (${formatFiat(fee.value)})`}`
            : 'Estimating…'}
        </dd>
        {fee?.rent ? (
          <>
            <dt>Token account rent</dt>
            <dd>
              {formatAmount(fee.rent)} {fee.symbol}
            </dd>
          </>
        ) : null}
      </dl>
      {draft.error ? (
        <p className="portico-error-text" role="alert">
          {draft.error}
        </p>
      ) : null}
      <Button
        disabled={draft.loading}
        onClick={() => {
          const account = getActiveChainAccount()
          if (account) void sendDraftTransaction(client, account)
        }}
      >
        {draft.loading ? 'Sending…' : 'Send'}
      </Button>
      <Button variant="secondary" disabled={draft.loading} onClick={() => client.goBack()}>
        Cancel
      </Button>
    </div>
  )
}
