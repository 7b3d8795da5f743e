import type { RouterView } from '@portico/core'

/** The dialog's accessible name and visible heading for each view. */
export function viewTitle(view: RouterView, data: { connectorName?: string } = {}): string {
  switch (view) {
    case 'Connect':
      return 'Connect Wallet'
    case 'ConnectingExternal':
      return data.connectorName ?? 'Connecting'
    case 'Account':
      return 'Account'
    case 'Networks':
      return 'Choose Network'
    case 'UnsupportedChain':
      return 'Switch Network'
    case 'ConnectingWalletConnect':
      return data.connectorName ?? 'WalletConnect'
    case 'AllWallets':
      return 'All Wallets'
    case 'SIWXSignMessage':
      return 'Sign In'
    case 'ConnectingFarcaster':
      return 'Farcaster'
    case 'ConnectingSocial':
      return 'Social Login'
    case 'WhatIsAWallet':
      return 'What Is a Wallet?'
    case 'GetAWallet':
      return 'Get a Wallet'
    case 'OnRampProviders':
      return 'Buy Crypto'
    case 'BuyInProgress':
      return 'Buying'
    case 'EmailVerifyOtp':
      return 'Confirm E-mail'
    case 'UpdateEmailWallet':
      return 'Change E-mail'
    case 'UpdateEmailPrimaryOtp':
      return 'Confirm Current E-mail'
    case 'UpdateEmailSecondaryOtp':
      return 'Confirm New E-mail'
    case 'ExportEmbeddedKey':
      return 'Export Private Key'
    case 'SwapSelectToken':
      return 'Select Token'
    default:
      return view.replace(/([a-z])([A-Z])/g, '$1 $2')
  }
}
