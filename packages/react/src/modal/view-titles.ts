import type { OnrampOrder, RouterView } from '@portico/core'

export interface ViewTitleData {
  connectorName?: string
  /** The followed purchase's status: BuyInProgress says how it ended. */
  onrampStatus?: OnrampOrder['status']
}

function buyTitle(status: OnrampOrder['status'] | undefined): string {
  switch (status) {
    case 'paid':
      return 'Purchase Complete'
    case 'declined':
      return 'Payment Declined'
    case 'failed':
      return 'Purchase Failed'
    default:
      return 'Buying'
  }
}

/** The dialog's accessible name and visible heading for each view. */
export function viewTitle(view: RouterView, data: ViewTitleData = {}): string {
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
      return buyTitle(data.onrampStatus)
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
    case 'RegisterAccountName':
      return 'Choose a Name'
    case 'RegisterAccountNameSuccess':
      return 'Your Name'
    case 'SwapSelectToken':
      return 'Select Token'
    default:
      return view.replace(/([a-z])([A-Z])/g, '$1 $2')
  }
}
