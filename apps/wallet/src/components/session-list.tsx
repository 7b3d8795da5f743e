import { useAction } from '../use-action'
import type { Wallet } from '../walletkit/wallet'
import type { ActiveSession } from '../walletkit/wallet-state'

function SessionItem({ wallet, session }: { wallet: Wallet; session: ActiveSession }) {
  const [busy, run] = useAction()
  return (
    <li>
      <span>
        <strong>{session.dapp.name}</strong>
        {session.dapp.url && <span className="muted"> · {session.dapp.url}</span>}
        <br />
        <span className="muted">{session.chains.join(', ')}</span>
      </span>
      <button
        type="button"
        disabled={busy}
        aria-label={`Disconnect ${session.dapp.name}`}
        onClick={() => run(() => wallet.disconnect(session.topic))}
      >
        Disconnect
      </button>
    </li>
  )
}

export function SessionList({ wallet, sessions }: { wallet: Wallet; sessions: ActiveSession[] }) {
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      {sessions.length ? (
        <ul aria-label="Connected dapps">
          {sessions.map((session) => (
            <SessionItem key={session.topic} wallet={wallet} session={session} />
          ))}
        </ul>
      ) : (
        <p className="muted">No sessions</p>
      )}
    </section>
  )
}
