// Sign In With Farcaster: the auth channel's link (farcasterUrl) as a QR code to scan with a
// phone's Farcaster app, the same link to open or copy, and what became of it. The channel, its
// polling and the login are core's (actions/farcaster-login.ts); the view starts them when it
// shows, and stops them when it goes. "Try again" asks for a new channel.
import { farcasterLoginStore, showSuccess, startFarcasterLogin } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { CopyLinkButton } from '../../ui/copy-link-button'
import { QrCode } from '../../ui/qr-code'
import { Spinner } from '../../ui/spinner'

export default function ConnectingFarcaster() {
  const client = usePorticoClient()
  const login = useStore(farcasterLoginStore, (state) => state.login)
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new channel
  useEffect(() => startFarcasterLogin(client), [client, attempt])

  if (login.status === 'failed') {
    return (
      <div className="portico-view portico-center">
        <p className="portico-error-text" role="alert">
          {login.message}
        </p>
        <Button onClick={() => setAttempt((count) => count + 1)}>Try again</Button>
      </div>
    )
  }

  if (login.status === 'waiting') {
    const { farcasterUrl } = login
    return (
      <div className="portico-view portico-center">
        <QrCode value={farcasterUrl} label="QR code to sign in with Farcaster" />
        <p className="portico-muted">
          Scan this QR code with your phone and approve the sign-in in your Farcaster app.
        </p>
        <div className="portico-row">
          <a
            className="portico-button"
            data-variant="secondary"
            href={farcasterUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in Farcaster
          </a>
          <CopyLinkButton value={farcasterUrl} onCopied={() => showSuccess('Link copied')} />
        </div>
        <label className="portico-visually-hidden">
          Farcaster link
          <input readOnly value={farcasterUrl} />
        </label>
      </div>
    )
  }

  const signingIn = login.status === 'connecting'
  return (
    <div className="portico-view portico-center" aria-busy="true">
      <Spinner label={signingIn ? 'Signing in' : 'Preparing the QR code'} />
      <p className="portico-muted" role="status">
        {signingIn
          ? 'Signed in with Farcaster. Opening your wallet…'
          : 'Preparing a sign-in request…'}
      </p>
    </div>
  )
}
