// Sign in with the wallet: the app asks the connected wallet to sign a message. The flow's
// rules (what is signed, what a failure or a cancel does) live in core's signInFlow.
import {
  accountStore,
  cancelSignMessage,
  isSignInRequired,
  requestSignMessage,
  shortMessageOf,
  siwxStore,
} from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'

/** Only pictures that load nothing from elsewhere: data: URLs and the page's own origin. */
function localImage(src: string | undefined): string | undefined {
  if (!src) return undefined
  if (src.startsWith('data:')) return src
  try {
    return new URL(src, location.href).origin === location.origin ? src : undefined
  } catch {
    return undefined
  }
}

export default function SIWXSignMessage() {
  const client = usePorticoClient()
  const status = useStore(siwxStore, (state) => state.status)
  const failure = useStore(siwxStore, (state) => state.error)
  const wallet = useStore(accountStore, (state) => state.byNamespace.eip155?.connectedWalletInfo)
  const [problem, setProblem] = useState<string>()
  const appName = client.options.metadata?.name ?? 'This app'
  const walletName = wallet?.name ?? 'your wallet'
  const signing = status === 'signing'

  function act(action: () => Promise<void>) {
    setProblem(undefined)
    action().catch((error: unknown) => setProblem(shortMessageOf(error) ?? String(error)))
  }

  return (
    <div className="portico-view portico-center">
      <div className="portico-row" aria-hidden="true">
        <Avatar src={localImage(client.options.metadata?.icons[0])} name={appName} size={56} />
        <Avatar src={localImage(wallet?.icon)} name={walletName} size={56} round />
      </div>
      <p className="portico-address">{appName} needs to connect to your wallet</p>
      <p className="portico-muted">
        Sign this message in {walletName} to prove you own this wallet and proceed.
        {isSignInRequired() ? ' Cancelling will disconnect you.' : ''}
      </p>
      {failure && !signing ? (
        <div role="alert">
          <p className="portico-error-text">{failure.message}</p>
          {failure.reason ? <p className="portico-muted">{failure.reason}</p> : null}
        </div>
      ) : null}
      {problem ? (
        <p className="portico-error-text" role="alert">
          {problem}
        </p>
      ) : null}
      {signing ? <Spinner label={`Waiting for ${walletName}`} /> : null}
      <div className="portico-row">
        <Button variant="secondary" onClick={() => act(cancelSignMessage)}>
          Cancel
        </Button>
        <Button onClick={() => act(requestSignMessage)} disabled={signing}>
          Sign
        </Button>
      </div>
    </div>
  )
}
