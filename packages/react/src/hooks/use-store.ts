import type { Store } from '@portico/core'
import { useSyncExternalStore } from 'react'

/** Reads a core store; re-renders only when the selected value changes. */
export function useStore<S extends object, T = S>(store: Store<S>, select?: (state: S) => T): T {
  const read = () => (select ? select(store.get()) : (store.get() as unknown as T))
  return useSyncExternalStore(store.subscribe, read, read)
}
