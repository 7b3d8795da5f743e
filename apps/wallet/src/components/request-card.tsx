import { useId } from 'react'
import { useAction } from '../use-action'
import type { RequestSummary } from '../walletkit/requests'
import type { Wallet } from '../walletkit/wallet'
import type { PendingRequest } from '../walletkit/wallet-state'
import { DappLine } from './dapp-line'
import { DecisionButtons } from './decision-buttons'
import { TextBlock } from './text-block'

const TITLES: Record<RequestSummary['kind'], string> = {
  message: 'Signature request',
  typedData: 'Signature request',
  transaction: 'Transaction request',
  other: 'Request',
}

function Details({ summary }: { summary: RequestSummary }) {
  switch (summary.kind) {
    case 'message':
      return <TextBlock caption="Message" text={summary.message} />
    case 'typedData':
      return <TextBlock caption="Typed data" text={summary.typedData} />
    case 'transaction':
      return (
        <dl>
          <dt>To</dt>
          <dd>{summary.to}</dd>
          <dt>Value</dt>
          <dd>{summary.value}</dd>
          <dt>Chain</dt>
          <dd>{summary.chain}</dd>
        </dl>
      )
    case 'other':
      return <TextBlock caption="Parameters" text={summary.params} />
  }
}

export function RequestCard({ wallet, request }: { wallet: Wallet; request: PendingRequest }) {
  const id = useId()
  const [busy, run] = useAction()
  return (
    <section className="pending" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{TITLES[request.summary.kind]}</h2>
      <DappLine dapp={request.dapp} />
      <p className="muted">
        <code>{request.summary.method}</code> on {request.chainId}
      </p>
      <Details summary={request.summary} />
      <DecisionButtons
        busy={busy}
        onApprove={() => run(() => wallet.approveRequest(request.id))}
        onReject={() => run(() => wallet.rejectRequest(request.id))}
      />
    </section>
  )
}
