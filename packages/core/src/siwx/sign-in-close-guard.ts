// The sign-in close guard lives with the sign-in flow, which is loaded lazily, so the
// page-load chunk (where the modal store is) does not carry it.
import type { CloseGuard } from '../state/modal'
import { routerStore } from '../state/router'

/**
 * docs/product.md#views: the modal can't be closed from SIWXSignMessage or ApproveTransaction while
 * sign-in is required and no session exists. The sign-in flow passes its two readings.
 */
export function signInCloseGuard(signIn: {
  isRequired: () => boolean
  hasSession: () => boolean
}): CloseGuard {
  return () => {
    const { view } = routerStore.get()
    if (view !== 'SIWXSignMessage' && view !== 'ApproveTransaction') return false
    return signIn.isRequired() && !signIn.hasSession()
  }
}
