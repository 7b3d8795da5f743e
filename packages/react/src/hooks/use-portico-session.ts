import { type SiwxSession, type SiwxStatus, siwxStore } from '@portico/core'
import { useStore } from './use-store'

export interface PorticoSession {
  status: SiwxStatus
  /** Signed in: the active account (address and chain) has a session. */
  isSignedIn: boolean
  /** The CAIP-10 account the status is about. */
  caipAddress: string | undefined
  session: SiwxSession | undefined
}

/** Sign-in with the wallet (the `siwx` option): whether the connected account is signed in. */
export function usePorticoSession(): PorticoSession {
  const state = useStore(siwxStore)
  return {
    status: state.status,
    isSignedIn: state.status === 'authenticated' && state.session !== undefined,
    caipAddress: state.caipAddress,
    session: state.session,
  }
}
