// What the Connect and AllWallets views do with WalletConnect, in a chunk of its own: the
// Connect view loads it when it opens (the connector joins wagmi's config then), so a click on
// a wallet finds it ready, and the page never carries it.
import {
  ensureWalletConnectConnector,
  openWalletConnect,
  type PorticoClient,
  type WalletListItem,
} from '@portico/core'
import { walletsApiFor } from '../../hooks/useWalletsApi'

export function prepareWalletConnect(client: PorticoClient): void {
  ensureWalletConnectConnector(client)
}

/** Opens ConnectingWalletConnect for a registry wallet, or for WalletConnect's own QR code. */
export function connectOverWalletConnect(
  client: PorticoClient,
  wallet: WalletListItem | undefined,
): Promise<void> {
  const imageUrl = wallet?.image_id
    ? walletsApiFor(client).imageUrl('wallet', wallet.image_id)
    : undefined
  return openWalletConnect(client, { wallet, imageUrl })
}
