// The images the Wallet API serves: their kinds and paths, and the ids of logos that stand for no
// registry wallet. Plain text, no schema library: the browser imports it (wallets.ts, with its
// schemas, would bring TypeBox along).
import {
  ASSET_IMAGE_PATH,
  CURRENCY_IMAGE_PATH,
  TOKEN_IMAGE_PATH,
  WALLET_IMAGE_PATH,
} from './route-paths'

/**
 * The image_id of WalletConnect's own logo (/getWalletImage/{id}): the Connect view's
 * WalletConnect row stands for no registry wallet, yet its logo is served like theirs.
 */
export const WALLET_CONNECT_IMAGE_ID = 'walletconnect'

/** The kinds of image the Wallet API serves, each at its own route. */
export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export const IMAGE_PATHS = {
  wallet: WALLET_IMAGE_PATH,
  asset: ASSET_IMAGE_PATH,
  currency: CURRENCY_IMAGE_PATH,
  token: TOKEN_IMAGE_PATH,
} as const satisfies Record<ImageKind, string>

/** The path of one image: its kind's route with the id (URI-encoded) as the last segment. */
export function imagePath(kind: ImageKind, id: string): string {
  return IMAGE_PATHS[kind].replace(/:[A-Za-z]+$/, encodeURIComponent(id))
}
