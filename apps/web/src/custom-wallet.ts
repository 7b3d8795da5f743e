// `?customWallet=1` lists a wallet of the host's own (option customWallets) beside the
// registry's: the e2e specs pair it with apps/wallet over WalletConnect, a manual try sees it.
import type { CustomWallet } from '@portico/core'

// Drawn here, not fetched: the page loads no image from another server.
const icon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="12" fill="#0f766e"/><path d="M12 16h24v18H12z" fill="none" stroke="#fff" stroke-width="3"/></svg>',
  )

export const localWallet: CustomWallet = {
  id: 'portico-local-wallet',
  name: 'Portico Local Wallet',
  image_url: icon,
  rdns: 'dev.portico.local-wallet',
}

export function customWalletsOf(search: string): CustomWallet[] | undefined {
  return new URLSearchParams(search).get('customWallet') === '1' ? [localWallet] : undefined
}

export const customWallets: CustomWallet[] | undefined =
  typeof location === 'undefined' ? undefined : customWalletsOf(location.search)
