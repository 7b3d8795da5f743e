// What the Connect and AllWallets views do with WalletConnect, in a chunk of its own: loaded
// when the visitor shows intent for WalletConnect (the connector joins wagmi's config then), so
// a click on a wallet finds it ready, and neither the page nor a Connect without intent carries it.
import {
  type ModalWallet,
  openWalletConnect,
  type PorticoClient,
  preloadWalletConnectSdk,
  walletImageUrl,
} from '@portico/core'
import { walletsApiFor } from '../../hooks/use-wallets-api'

/**
 * A row that connects over WalletConnect may be picked soon (or All wallets, or Connect on a
 * touch screen, shows): prepare the pairing (the SDK's chunk, the relay socket, the proposal), so the
 * pick shows its QR code at once. Nothing of it before the visitor shows that intent.
 */
export function preloadWalletConnect(client: PorticoClient): void {
  preloadWalletConnectSdk(client)
}

/** Opens ConnectingWalletConnect for a registry or custom wallet, or WalletConnect's QR code. */
export function connectOverWalletConnect(
  client: PorticoClient,
  wallet: ModalWallet | undefined,
): Promise<void> {
  const imageUrl = wallet ? walletImageUrl(walletsApiFor(client), wallet) : undefined
  return openWalletConnect(client, { wallet, imageUrl })
}
