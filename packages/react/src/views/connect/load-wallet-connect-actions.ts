// The views reach walletConnectActions through this one promise, so its chunk loads once.
import { type PorticoClient, prefetchWalletConnectSdk } from '@portico/core'

type WalletConnectActions = typeof import('../connecting-wallet-connect/wallet-connect-actions')

let actions: Promise<WalletConnectActions> | undefined

export function loadWalletConnectActions(): Promise<WalletConnectActions> {
  actions ??= import('../connecting-wallet-connect/wallet-connect-actions')
  actions.catch(() => {
    actions = undefined
  })
  return actions
}

/**
 * A wallet that connects over WalletConnect may be picked soon (the Connect view shows, or a row
 * is pointed at, pressed, reached with the keyboard): start the SDK and its relay socket and
 * prepare the pairing now, so the QR code shows as the click lands. A second call reuses the
 * pairing; a failure is tried again by the pick itself.
 */
export function preloadWalletConnect(client: PorticoClient): void {
  prefetchWalletConnectSdk()
  loadWalletConnectActions()
    .then((loaded) => loaded.preloadWalletConnect(client))
    .catch(() => undefined)
}
