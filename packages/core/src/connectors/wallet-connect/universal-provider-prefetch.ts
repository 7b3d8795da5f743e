// Starts fetching the WalletConnect SDK's chunk (about 130 KB gzipped) at the first intent for
// WalletConnect, beside the chunk of the WalletConnect flow: the connector imports the same
// module when it starts and finds it there or on its way, instead of asking for it only once the
// flow's chunk has arrived and run. Kept out of that chunk (apps/web/vite.config.ts) for this.
export function prefetchWalletConnectSdk(): void {
  import('./universal-provider-init').catch(() => undefined)
}
