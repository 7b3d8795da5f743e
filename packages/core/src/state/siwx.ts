// Sign-in with the wallet (SIWX), as the modal and the host see it: whether the active account
// (address and chain) has a session, the session, and the last attempt's failure. The sign-in
// flow (siwx/sign-in-flow.ts) is the only writer; views and host hooks read it.
import type { SiwxSession } from '../siwx/siwx-types'
import { createStore } from './store'

/**
 * - idle: sign-in is off, or no account is connected on a supported network.
 * - checking: asking the sign-in config whether the account has a session.
 * - unauthenticated: no session; the SIWXSignMessage view asks for a signature.
 * - signing: a message is being created, signed and verified.
 * - authenticated: the active account has `session`.
 */
export type SiwxStatus = 'idle' | 'checking' | 'unauthenticated' | 'signing' | 'authenticated'

export interface SiwxFailure {
  /** What the modal shows (docs/product.md#errors): 'Signature declined', or the smart account's */
  message: string
  /** Why, when it is not the visitor's own refusal (e.g. the server's 'The message has expired'). */
  reason?: string
}

export interface SiwxState {
  status: SiwxStatus
  /** The CAIP-10 account the status is about. */
  caipAddress: string | undefined
  session: SiwxSession | undefined
  error: SiwxFailure | undefined
}

export const siwxStore = /* @__PURE__ */ createStore<SiwxState>(() => ({
  status: 'idle',
  caipAddress: undefined,
  session: undefined,
  error: undefined,
}))

/** A new account (or none) to sign in: what was known of the previous one is dropped. */
export function setSiwxAccount(caipAddress: string | undefined, status: SiwxStatus): void {
  siwxStore.set({ caipAddress, status, session: undefined, error: undefined })
}

export function setSiwxStatus(status: SiwxStatus): void {
  siwxStore.set({ status })
}

export function setSiwxSession(session: SiwxSession): void {
  siwxStore.set({ status: 'authenticated', session, error: undefined })
}

export function setSiwxError(error: SiwxFailure | undefined): void {
  siwxStore.set(error ? { status: 'unauthenticated', error } : { error })
}
