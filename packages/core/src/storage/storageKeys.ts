// The browser-stored keys of docs/product.md#browser-storage, with the type of each. The embedded
// wallet's keys use the spec's prefix '@appkit-wallet/'; the modal's own keys use '@portico/'.
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
}

export type StoredKey = keyof StoredValues

export const WALLET_FRAME_STORAGE_PREFIX = '@appkit-wallet/'
export const PORTICO_STORAGE_PREFIX = '@portico/'

// Plain literals (not built from the prefixes) so bundlers can drop the table when unused.
export const STORAGE_KEYS: Readonly<Record<StoredKey, string>> = {
  sessionToken: '@appkit-wallet/SESSION_TOKEN',
  emailLoginUsed: '@appkit-wallet/EMAIL_LOGIN_USED',
  lastUsedChain: '@appkit-wallet/LAST_USED_CHAIN',
  lastEmailLoginTime: '@appkit-wallet/LAST_EMAIL_LOGIN_TIME',
  email: '@appkit-wallet/EMAIL',
  preferredAccountType: '@appkit-wallet/PREFERRED_ACCOUNT_TYPE',
  smartAccountEnabled: '@appkit-wallet/SMART_ACCOUNT_ENABLED',
  smartAccountEnabledNetworks: '@appkit-wallet/SMART_ACCOUNT_ENABLED_NETWORKS',
  socialUsername: '@appkit-wallet/SOCIAL_USERNAME',
  recentWallets: '@portico/recent_wallets',
  connectionStatus: '@portico/connection_status',
  connectedConnectorId: '@portico/connected_connector_id',
  deepLink: '@portico/wallet_connect_deep_link',
}
