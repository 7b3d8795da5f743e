// What the client loads with import() once an account connects and `siwx` is set: the sign-in
// flow, signing through the seam (the active account's namespace adapter: personal_sign on
// the connected EVM wallet's own provider) and the client's disconnect.
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import { PorticoError } from '../errors/portico-error'
import { networkStore } from '../state/network'
import { startSignInFlow } from './sign-in-flow'
import { siweAsSiwx } from './siwe-as-siwx'
import type { SiweConfig, SiwxConfig } from './siwx-types'

/** The active namespace's connected account signs the message with its wallet. */
export async function signWithActiveAccount(chain: ChainAdapterFor, message: string) {
  const adapter = await chain(networkStore.get().activeCaipNetwork?.chainNamespace ?? 'eip155')
  const [account] = adapter.getAccounts()
  if (!account) throw new PorticoError('No connected wallet to sign with')
  return adapter.signMessage(account, message)
}

/** Starts the flow for the client's `siwx` (or `siweConfig`); returns what stops it. */
export function connectSignIn(client: {
  options: {
    siwx?: SiwxConfig | undefined
    siweConfig?: SiweConfig | undefined
  }
  chain: ChainAdapterFor
  disconnect(): Promise<void>
}): () => void {
  const { siweConfig } = client.options
  const siwx = client.options.siwx ?? (siweConfig ? siweAsSiwx(siweConfig) : undefined)
  if (!siwx) return () => undefined
  return startSignInFlow({
    siwx,
    client: {
      signMessage: (message) => signWithActiveAccount(client.chain, message),
      disconnect: () => client.disconnect(),
    },
  })
}
