// Registering a name (docs/product.md#views): the name being registered, whether the wallet and
// the server are still at it (RegisterAccountNameSuccess is also the pending view), and why the
// last attempt failed (RegisterAccountName shows the first reason).
import { createStore } from './store'

export interface NameRegistrationState {
  /** The whole name, zone included. */
  name: string | undefined
  pending: boolean
  error: string | undefined
}

export const nameRegistrationStore = /* @__PURE__ */ createStore<NameRegistrationState>(() => ({
  name: undefined,
  pending: false,
  error: undefined,
}))
