import { type FormEvent, useId, useState } from 'react'
import type { Wallet } from '../walletkit/wallet'

/** Pastes a dapp's `wc:` link; the proposal it carries appears as a card once it arrives. */
export function ConnectForm({ wallet }: { wallet: Wallet | undefined }) {
  const id = useId()
  const [uri, setUri] = useState('')
  const [pairing, setPairing] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!wallet || !uri.trim()) return
    setPairing(true)
    wallet
      .pair(uri)
      .then(() => setUri(''))
      .catch(() => {}) // shown in the alert
      .finally(() => setPairing(false))
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Connect to a dapp</h2>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-uri`}>Connection link</label>
        <div className="form-row">
          <input
            id={`${id}-uri`}
            value={uri}
            onChange={(event) => setUri(event.target.value)}
            placeholder="wc:…"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="primary" disabled={!wallet || pairing}>
            Connect
          </button>
        </div>
      </form>
    </section>
  )
}
