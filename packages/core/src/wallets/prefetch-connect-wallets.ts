// The Connect view's registry rows, asked for as soon as the visitor reaches for the connect
// button (pointer on it or pressed, keyboard focus, the click), beside the modal's chunk rather
// than after it; the Connect view asks the same way, so whichever comes first sends the one
// request. A kept answer shows at once (state/wallet-list.ts), and the rows' images are fetched
// as soon as their ids are known, so a row paints with its logo (issue 30).
import { WALLET_CONNECT_IMAGE_ID } from '@portico/protocol/wallet-images'
import type { WalletsApi } from '../api/wallets'
import { type ApiOptionsHost, porticoApiFor } from '../client/portico-api-for'
import type { ResolvedPorticoOptions } from '../options/option-types'
import {
  ensureConnectViewWallets,
  type WalletListState,
  walletListFilter,
  walletListStore,
} from '../state/wallet-list'
import { walletImageUrl } from './custom-wallets'

export interface WalletsHost extends ApiOptionsHost {
  readonly options: ApiOptionsHost['options'] &
    Pick<
      ResolvedPorticoOptions,
      'includeWalletIds' | 'excludeWalletIds' | 'featuredWalletIds' | 'networks'
    >
}

/** Images asked for already, each held (an Image nothing refers to may be dropped unloaded). */
const preloaded = new Map<string, unknown>()

function preloadImage(url: string | undefined): void {
  const ImageElement = globalThis.Image
  if (!url || preloaded.has(url) || typeof ImageElement !== 'function') return
  const image = new ImageElement()
  image.decoding = 'async'
  image.src = url
  preloaded.set(url, image)
}

function preloadRowImages(
  api: WalletsApi,
  state: Pick<WalletListState, 'featured' | 'recommended'>,
) {
  for (const wallet of [...state.featured, ...state.recommended])
    preloadImage(walletImageUrl(api, wallet))
}

let watching = false

/** Starts (once) what the Connect view will list from our server: its wallets and their images. */
export function prefetchConnectWallets(host: WalletsHost): Promise<void> {
  const api = porticoApiFor(host).wallets
  // WalletConnect's row is first in the list; its logo is served as the wallets' are.
  preloadImage(api.imageUrl('wallet', WALLET_CONNECT_IMAGE_ID))
  if (!watching) {
    watching = true
    walletListStore.subscribe((state, previous) => {
      if (state.featured !== previous.featured || state.recommended !== previous.recommended)
        preloadRowImages(api, state)
    })
  }
  const filter = walletListFilter(host.options)
  const scope = JSON.stringify([host.options.apiUrl, host.options.projectId, filter])
  const loading = ensureConnectViewWallets(api, filter, scope)
  preloadRowImages(api, walletListStore.get())
  return loading
}
