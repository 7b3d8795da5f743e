import {
  accountStore,
  activeNamespaceAccount,
  type NamespaceAccount,
  networkStore,
} from '@portico/core'
import { useStore } from './use-store'

/**
 * Reads the account of the active namespace (the active network's): the views show the
 * account the flows act on, whichever namespace that is. `select` picks a plain value, so a
 * view re-renders only when that value changes.
 */
export function useActiveAccount<T>(select: (account: NamespaceAccount | undefined) => T): T {
  const namespace = useStore(networkStore, (state) => state.activeCaipNetwork?.chainNamespace)
  return useStore(accountStore, (state) => select(activeNamespaceAccount(state, namespace)))
}
