import { type FormEvent, useId, useMemo, useState } from 'react'
import { DecisionButtons } from './components/decision-buttons'
import {
  approveSignIn,
  type FarcasterClientConfig,
  farcasterRelayUrl,
  parseSignInLink,
  readFarcasterIdentity,
  type SignInRequest,
} from './farcaster-client'
import { useAction } from './use-action'

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function readConfig(walletConnectRelayUrl: string): FarcasterClientConfig | string {
  try {
    const { search } = window.location
    return {
      identity: readFarcasterIdentity(search),
      relayUrl: farcasterRelayUrl(import.meta.env, search, walletConnectRelayUrl),
    }
  } catch (error) {
    return messageOf(error)
  }
}

/** A link given as `?farcasterUrl=` opens by itself, as a scanned QR code opens the app. */
function linkFromPage(): { request?: SignInRequest; error?: string } {
  const link = new URLSearchParams(window.location.search).get('farcasterUrl')
  if (!link) return {}
  try {
    return { request: parseSignInLink(link) }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/**
 * The wallet as a Farcaster client: its fid, a field for a sign-in link (a channel's
 * farcasterUrl), and the request that link carries, to approve or reject.
 */
export function FarcasterPanel({ walletConnectRelayUrl }: { walletConnectRelayUrl: string }) {
  const id = useId()
  const config = useMemo(() => readConfig(walletConnectRelayUrl), [walletConnectRelayUrl])
  const opened = useMemo(linkFromPage, [])
  const [link, setLink] = useState('')
  const [request, setRequest] = useState<SignInRequest | undefined>(opened.request)
  const [error, setError] = useState<string | undefined>(opened.error)
  const [signedIn, setSignedIn] = useState<string>()
  const [busy, run] = useAction()

  if (typeof config === 'string') {
    return (
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Farcaster</h2>
        <p role="alert">{config}</p>
      </section>
    )
  }
  const { identity } = config

  const open = (event: FormEvent) => {
    event.preventDefault()
    setSignedIn(undefined)
    try {
      setRequest(parseSignInLink(link))
      setError(undefined)
      setLink('')
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  const decide = (approved: boolean) =>
    run(async () => {
      if (!request) return
      if (approved) {
        try {
          await approveSignIn(config, request)
          setSignedIn(request.domain)
        } catch (failure) {
          setError(messageOf(failure))
          return
        }
      }
      setError(undefined)
      setRequest(undefined)
    })

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Farcaster</h2>
      <p>
        fid {identity.fid} (@{identity.username}), custody <code>{identity.custody.address}</code>
      </p>
      <form onSubmit={open}>
        <label htmlFor={`${id}-link`}>Farcaster sign-in link</label>
        <div className="form-row">
          <input
            id={`${id}-link`}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="https://farcaster.xyz/~/siwf?channelToken=…"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="primary" disabled={!link.trim()}>
            Open link
          </button>
        </div>
      </form>
      {error && <p role="alert">{error}</p>}
      {signedIn && (
        <p>
          Signed in to {signedIn} as fid {identity.fid}.
        </p>
      )}
      {request && (
        <section className="pending" aria-labelledby={`${id}-request`}>
          <h3 id={`${id}-request`}>Farcaster sign-in request</h3>
          <dl>
            <dt>Domain</dt>
            <dd>{request.domain}</dd>
            <dt>URI</dt>
            <dd>{request.siweUri}</dd>
            <dt>Nonce</dt>
            <dd>{request.nonce}</dd>
            <dt>fid</dt>
            <dd>{identity.fid}</dd>
          </dl>
          <DecisionButtons
            busy={busy}
            onApprove={() => decide(true)}
            onReject={() => decide(false)}
          />
        </section>
      )}
    </section>
  )
}
