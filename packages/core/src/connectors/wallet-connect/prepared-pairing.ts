// A pairing made before the pick (the visitor pointed at a WalletConnect row): the session
// proposal runs on the provider as a pick's would, its wc: URI held back until the pick shows
// it. One never shown is ended on the relay (pairing and proposal expired now) rather than left
// to its five minutes.
import type WalletConnectProvider from '@walletconnect/universal-provider'

type OptionalNamespaces = NonNullable<
  Parameters<WalletConnectProvider['connect']>[0]['optionalNamespaces']
>

export interface PreparedPairing {
  /** The pairing's wc: URI; rejects if the proposal failed before it had one. */
  readonly uri: Promise<string>
  /** The wallet's approval of the proposal (the provider then holds the session). */
  readonly session: Promise<unknown>
  /** The URI's expiry in epoch ms, once it is known. */
  expiry(): number | undefined
  /** True until the URI is known (or the proposal failed): it is not for a QR code yet. */
  preparing(): boolean
  /** Ends the pairing and its proposal on the relay. */
  end(): void
}

function pairingTopic(uri: string): string {
  return uri.replace(/^wc:/, '').split('@')[0] ?? ''
}

/** Proposes a session on `target` now, as `provider.connect` would, without showing its URI. */
export function prepareSessionPairing(
  target: WalletConnectProvider,
  optionalNamespaces: OptionalNamespaces,
  expiryOf: (uri: string) => number | undefined,
): PreparedPairing {
  let uri: string | undefined
  let inFlight = true
  let resolveUri: (value: string) => void = () => undefined
  let rejectUri: (error: unknown) => void = () => undefined
  const uriPromise = new Promise<string>((resolve, reject) => {
    resolveUri = resolve
    rejectUri = reject
  })
  const onUri = (value: string) => {
    target.removeListener('display_uri', onUri)
    uri = value
    inFlight = false
    resolveUri(value)
  }
  target.on('display_uri', onUri)
  const session = (async () => {
    // Sets the provider's namespaces as a pick's connect does; `pair` then proposes with them.
    await target.connect({ optionalNamespaces, skipPairing: true })
    return target.pair(undefined)
  })()
  session.catch((error: unknown) => {
    target.removeListener('display_uri', onUri)
    inFlight = false
    rejectUri(error)
  })
  uriPromise.catch(() => undefined)
  return {
    uri: uriPromise,
    session,
    expiry: () => (uri === undefined ? undefined : expiryOf(uri)),
    preparing: () => inFlight,
    end() {
      uriPromise
        .then((value) => {
          const topic = pairingTopic(value)
          const { client } = target
          for (const proposal of client.proposal.getAll())
            if (proposal.pairingTopic === topic) client.core.expirer.set(proposal.id, 0)
          client.core.expirer.set(topic, 0)
        })
        .catch(() => undefined)
    },
  }
}
