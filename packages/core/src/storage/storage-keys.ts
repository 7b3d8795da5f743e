// The browser-stored keys of docs/product.md#browser-storage, with the type of each. All of them
// live on the host page's origin and use our prefix '@portico/'; the embedded wallet frame keeps
// its own keys on its own origin under '@portico-wallet/' (the spec's '@appkit-wallet/').
import type { ChainNamespace } from '../caip'

/** Account types (docs/product.md#permissions); payment is Bitcoin's. */
export type StoredAccountType = 'eoa' | 'smartAccount' | 'payment'

export interface StoredWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
}

export interface StoredDeepLink {
  name: string
  href: string
}

export interface StoredLegalConsent {
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
}

export interface StoredValues {
  sessionToken: string
  emailLoginUsed: boolean
  lastUsedChain: ChainNamespace
  /** Epoch milliseconds. */
  lastEmailLoginTime: number
  email: string
  preferredAccountType: StoredAccountType
  smartAccountEnabled: boolean
  /** EVM chain ids. */
  smartAccountEnabledNetworks: number[]
  socialUsername: string
  recentWallets: StoredWallet[]
  connectionStatus: 'connected' | 'disconnected'
  connectedConnectorId: string
  /** The WalletConnect deep link chosen last; a connection reset clears it. */
  deepLink: StoredDeepLink
  /** The terms and privacy links the visitor agreed to (the legal checkbox), as they were then. */
  legalConsent: StoredLegalConsent
  /** The wallet-standard Solana wallet connected last (its name), reconnected on the next load. */
  solanaWallet: string
}

export type StoredKey = keyof StoredValues

export const WALLET_FRAME_STORAGE_PREFIX = '@portico-wallet/'
export const PORTICO_STORAGE_PREFIX = '@portico/'

// Plain literals (not built from the prefixes) so bundlers can drop the table when unused.
export const STORAGE_KEYS: Readonly<Record<StoredKey, string>> = {
  sessionToken: '@portico/session_token',
  emailLoginUsed: '@portico/email_login_used',
  lastUsedChain: '@portico/last_used_chain',
  lastEmailLoginTime: '@portico/last_email_login_time',
  email: '@portico/email',
  preferredAccountType: '@portico/preferred_account_type',
  smartAccountEnabled: '@portico/smart_account_enabled',
  smartAccountEnabledNetworks: '@portico/smart_account_enabled_networks',
  socialUsername: '@portico/social_username',
  recentWallets: '@portico/recent_wallets',
  connectionStatus: '@portico/connection_status',
  connectedConnectorId: '@portico/connected_connector_id',
  deepLink: '@portico/wallet_connect_deep_link',
  legalConsent: '@portico/legal_consent',
  solanaWallet: '@portico/solana_wallet',
}
