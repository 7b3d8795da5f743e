// What the Connect and AllWallets views do with WalletConnect, in a chunk of its own: the
// Connect view loads it when it opens (the connector joins wagmi's config then), so a click on
// a wallet finds it ready, and the page never carries it.
import {
  openWalletConnect,
  type PorticoClient,
  preloadWalletConnectSdk,
  type WalletListItem,
  walletImageUrl,
} from '@portico/core'
import { walletsApiFor } from '../../hooks/use-wallets-api'

/**
 * The Connect view shows, or a row that connects over WalletConnect may be picked soon: prepare
 * the pairing (the SDK's chunk, the relay socket, the proposal), so the pick shows its QR code at
 * once. Nothing of it before the modal opens.
 */
export function preloadWalletConnect(client: PorticoClient): void {
  preloadWalletConnectSdk(client)
}

/** Opens ConnectingWalletConnect for a registry or custom wallet, or WalletConnect's QR code. */
export function connectOverWalletConnect(
  client: PorticoClient,
  wallet: WalletListItem | undefined,
): Promise<void> {
  const imageUrl = wallet ? walletImageUrl(walletsApiFor(client), wallet) : undefined
  return openWalletConnect(client, { wallet, imageUrl })
}
