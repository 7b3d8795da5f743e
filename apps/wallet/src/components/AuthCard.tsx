import { useId } from 'react'
import { useAction } from '../useAction'
import type { Wallet } from '../walletkit/wallet'
import type { PendingAuth } from '../walletkit/walletState'
import { DappLine } from './DappLine'
import { DecisionButtons } from './DecisionButtons'
import { TextBlock } from './TextBlock'

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
