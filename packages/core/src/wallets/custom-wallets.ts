// The host's own wallets (option customWallets) as registry-shaped entries, so the Connect and
// AllWallets views, the deep links and the download links treat them like registry wallets.
import type { ModalWallet, WalletsApi } from '../api/wallets'
import type { CustomWallet } from '../options/option-types'
import { isRegistryWalletId } from '../options/wallet-options'

export function customWalletListItem(wallet: CustomWallet): ModalWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: '',
    ...(wallet.image_url ? { image_url: wallet.image_url } : {}),
    rdns: wallet.rdns || null,
    // Unknown: a custom wallet is offered whatever networks are requested.
    chains: [],
    mobile_link: wallet.mobile_link || null,
    desktop_link: wallet.desktop_link || null,
    webapp_link: wallet.webapp_link || null,
    ...(wallet.homepage ? { homepage: wallet.homepage } : {}),
    app: { ios: wallet.app_store || null, android: wallet.play_store || null },
  }
}

export function customWalletListItems(wallets: readonly CustomWallet[]): ModalWallet[] {
  return wallets.map(customWalletListItem)
}

/** The custom wallets an AllWallets search finds: by name or rdns, as the Wallet API searches. */
export function customWalletsMatching(
  wallets: readonly ModalWallet[],
  query: string,
): ModalWallet[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return [...wallets]
  return wallets.filter(
    (wallet) =>
      wallet.name.toLowerCase().includes(needle) || wallet.rdns?.toLowerCase().includes(needle),
  )
}

/** A wallet's image: a custom wallet's own, or the registry image from our server. */
export function walletImageUrl(
  api: Pick<WalletsApi, 'imageUrl'>,
  wallet: ModalWallet,
): string | undefined {
  if (wallet.image_url) return wallet.image_url
  return wallet.image_id ? api.imageUrl('wallet', wallet.image_id) : undefined
}

/**
 * How many wallets All wallets holds: the registry's count and the custom wallets it does not
 * already count (a custom wallet with a registry id stands for that registry wallet).
 */
export function allWalletsCount(
  registryTotal: number,
  custom: readonly Pick<ModalWallet, 'id'>[],
): number {
  return registryTotal + custom.filter((wallet) => !isRegistryWalletId(wallet.id)).length
}
