// The event side of a universal provider, for the stand-in providers the WalletConnect tests pair
// with (the connector listens for display_uri and session events): the relay and the wallet
// beyond it do not run here.
export function fakeProviderEvents() {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    events: { setMaxListeners() {} },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
  }
}
