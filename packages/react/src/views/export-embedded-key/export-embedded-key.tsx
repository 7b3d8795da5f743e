import { embeddedWalletStore, startKeyExport, verifyKeyExport } from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { CodeForm } from '../../ui/code-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { failureOf } from '../shared/failure-of'

/**
 * Key export for an e-mail login: what the key means first, then a fresh code to the login
 * address. The key itself appears only inside the embedded wallet's frame (its own origin),
 * never in this page.
 */
export function ExportEmbeddedKey() {
  injectViewStyles('email-form', emailFormStyles)
  const client = usePorticoClient()
  const email = useStore(embeddedWalletStore, (state) => state.user?.email)
  const [codeSent, setCodeSent] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string>()

  async function sendCode() {
    setSending(true)
    setError(undefined)
    const failure = await failureOf(startKeyExport(client))
    setSending(false)
    if (failure) setError(failure)
    else setCodeSent(true)
  }

  if (codeSent)
    return (
      <div className="portico-view portico-stack">
        <CodeForm
          description={`Enter the 6-digit code sent to ${email || 'your e-mail'} to show your private key`}
          onSubmit={(code) => failureOf(verifyKeyExport(client, code))}
          onResend={() => failureOf(startKeyExport(client))}
        />
      </div>
    )
  return (
    <div className="portico-view portico-stack">
      <p className="portico-error-text" role="note">
        Your private key gives full control of this wallet: anyone who has it can sign for it and
        move everything in it. Never share it, and show it only where no one can see your screen.
      </p>
      <p className="portico-muted">
        A code goes to {email || 'your e-mail'} first. The key is shown inside the embedded wallet
        only, never on this page.
      </p>
      <Button variant="danger" disabled={sending} onClick={() => void sendCode()}>
        {sending ? 'Sending code…' : 'Send code'}
      </Button>
      {error ? (
        <p className="portico-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
