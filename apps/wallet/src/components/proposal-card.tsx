import { useId } from 'react'
import { useAction } from '../use-action'
import type { Wallet } from '../walletkit/wallet'
import type { PendingProposal } from '../walletkit/wallet-state'
import { DappLine } from './dapp-line'
import { DecisionButtons } from './decision-buttons'
import { TextBlock } from './text-block'

export function ProposalCard({ wallet, proposal }: { wallet: Wallet; proposal: PendingProposal }) {
  const id = useId()
  const [busy, run] = useAction()
  return (
    <section className="pending" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Connection request</h2>
      <DappLine dapp={proposal.dapp} />
      <h3 id={`${id}-chains`}>Requested chains</h3>
      <ul aria-labelledby={`${id}-chains`}>
        {proposal.chains.map((chain) => (
          <li key={chain}>{chain}</li>
        ))}
      </ul>
      <h3 id={`${id}-methods`}>Requested methods</h3>
      <ul aria-labelledby={`${id}-methods`}>
        {proposal.methods.map((method) => (
          <li key={method}>{method}</li>
        ))}
      </ul>
      {proposal.signInMessages.map((message) => (
        <TextBlock key={message} caption="Sign-in message" text={message} />
      ))}
      <DecisionButtons
        busy={busy}
        onApprove={() => run(() => wallet.approveProposal(proposal.id))}
        onReject={() => run(() => wallet.rejectProposal(proposal.id))}
      />
    </section>
  )
}
