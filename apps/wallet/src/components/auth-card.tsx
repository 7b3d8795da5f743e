import { useId } from 'react'
import { useAction } from '../use-action'
import type { Wallet } from '../walletkit/wallet'
import type { PendingAuth } from '../walletkit/wallet-state'
import { DappLine } from './dapp-line'
import { DecisionButtons } from './decision-buttons'
import { TextBlock } from './text-block'

/** One-click auth: a sign-in message and a session, approved together. */
export function AuthCard({ wallet, auth }: { wallet: Wallet; auth: PendingAuth }) {
  const id = useId()
  const [busy, run] = useAction()
  return (
    <section className="pending" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sign-in request</h2>
      <DappLine dapp={auth.dapp} />
      {auth.message ? (
        <TextBlock caption="Message" text={auth.message} />
      ) : (
        <p>The request names no chain this wallet is on.</p>
      )}
      <DecisionButtons
        busy={busy}
        onApprove={() => run(() => wallet.approveAuth(auth.id))}
        onReject={() => run(() => wallet.rejectAuth(auth.id))}
      />
    </section>
  )
}
