// The one state primitive every store is built on: a snapshot, shallow patches, subscribers.
// React reads it with useSyncExternalStore; nothing else is needed, so no state library ships.

export type Listener<S> = (state: S, previous: S) => void

export interface Store<S extends object> {
  /** The current snapshot. A new object after every change, so identity means "unchanged". */
  get(): S
  /** Merges a patch into the state and notifies subscribers if anything changed. */
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void
  subscribe(listener: Listener<S>): () => void
  /** Back to the initial state (tests, disconnect). */
  reset(): void
}

export function createStore<S extends object>(initial: () => S): Store<S> {
  let state = initial()
  const listeners = new Set<Listener<S>>()

  function replace(next: S) {
    const previous = state
    state = next
    for (const listener of listeners) listener(state, previous)
  }

  return {
    get: () => state,
    set(patch) {
      const changes = typeof patch === 'function' ? patch(state) : patch
      const keys = Object.keys(changes) as (keyof S)[]
      if (keys.every((key) => Object.is(state[key], changes[key]))) return
      replace({ ...state, ...changes })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    reset: () => replace(initial()),
  }
}
