// The views reach walletConnectActions through this one promise, so its chunk loads once.
import type { PorticoClient } from '@portico/core'

type WalletConnectActions = typeof import('../ConnectingWalletConnect/walletConnectActions')

let actions: Promise<WalletConnectActions> | undefined

export function loadWalletConnectActions(): Promise<WalletConnectActions> {
  actions ??= import('../ConnectingWalletConnect/walletConnectActions')
  actions.catch(() => {
    actions = undefined
  })
  return actions
}

/**
 * A wallet that connects over WalletConnect may be picked soon (pointed at, pressed, reached
 * with the keyboard): fetch the SDK's chunk (130 KB gzipped) now, so the QR code does not wait
 * for it after the click. Merely opening the modal fetches nothing of it. A failed fetch is
 * tried again by the pick itself.
 */
export function preloadWalletConnect(client: PorticoClient): void {
  loadWalletConnectActions()
    .then((loaded) => loaded.preloadWalletConnect(client))
    .catch(() => undefined)
}
