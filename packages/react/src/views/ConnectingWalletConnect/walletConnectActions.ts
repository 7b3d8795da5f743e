// What the Connect and AllWallets views do with WalletConnect, in a chunk of its own: the
// Connect view loads it when it opens (the connector joins wagmi's config then), so a click on
// a wallet finds it ready, and the page never carries it.
import {
  getWalletConnectProvider,
  openWalletConnect,
  type PorticoClient,
  preloadWalletConnectSdk,
  type WalletListItem,
  walletImageUrl,
} from '@portico/core'
import { walletsApiFor } from '../../hooks/useWalletsApi'

/**
 * The modal is open: the connector joins wagmi's config, and its provider starts (the SDK's
 * chunk loads, the relay socket opens), so a pick waits for neither. Nothing of it before the
 * modal opens. A start that fails (offline) is tried again by the pick.
 */
export function prepareWalletConnect(client: PorticoClient): void {
  getWalletConnectProvider(client).catch(() => undefined)
}

/** A row that connects over WalletConnect may be picked soon: prepare its pairing. */
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
