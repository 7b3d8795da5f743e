// The options a host passes to createPortico, and the same once checked and completed.
import type { CaipNetwork } from '../networks'
import type { SiweConfig, SiwxConfig } from '../siwx/siwx-types'
import type { ThemeModeSetting, ThemeVariables } from '../state/theme'

export interface PorticoMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export type SocialProvider =
  | 'google'
  | 'x'
  | 'discord'
  | 'farcaster'
  | 'github'
  | 'apple'
  | 'facebook'

/** How much the page's logs say, most to least (pino's levels, as the WalletConnect SDK's). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface PorticoFeatures {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  history: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  /** Social logins offered, in order; empty for none. */
  socials: SocialProvider[]
}

/**
 * A wallet the host lists itself (the Connect view's custom group), reached over WalletConnect
 * like a registry wallet. The fields follow the registry's, as Reown AppKit's customWallets do.
 */
export interface CustomWallet {
  /** Unique among the custom wallets; a registry wallet with the same id is listed once. */
  id: string
  name: string
  homepage?: string
  /** A relative URL or a data:image URI: the modal never loads an image from elsewhere. */
  image_url?: string
  mobile_link?: string
  desktop_link?: string
  webapp_link?: string
  app_store?: string
  play_store?: string
  /** An installed wallet announcing this rdns (EIP-6963) is listed once, as installed. */
  rdns?: string
}

export interface PorticoOptions {
  projectId: string
  /** At least one. The first is the default network unless defaultNetwork says otherwise. */
  networks: readonly CaipNetwork[]
  defaultNetwork?: CaipNetwork
  metadata?: PorticoMetadata
  features?: Partial<PorticoFeatures>
  /** Stay connected on a network the app did not request instead of asking to switch. */
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  /** Our server's base URL; defaults to the page's own origin. */
  apiUrl?: string
  /** The WalletConnect relay (ws: or wss:): our server's by default (`<apiUrl>/relay`). */
  relayUrl?: string
  /**
   * Pair over the WalletConnect network instead of our relay (relay-mode.ts), so that phone
   * wallets, whose SDKs subscribe on that network whatever the link says, answer: the
   * WalletConnect Cloud project id (not Portico's projectId) and, optionally, the network's
   * relay URL (its public relay by default). Not with `relayUrl`.
   */
  walletConnectNetwork?: WalletConnectNetworkOptions
  /**
   * The embedded wallet's frame page (our server's frame listener, an origin of its own).
   * Without it the e-mail login is not offered.
   */
  frameUrl?: string
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  customWallets?: CustomWallet[]
  siweConfig?: SiweConfig
  siwx?: SiwxConfig
  /** 'system' follows the visitor's colour scheme; dark by default. */
  themeMode?: ThemeModeSetting
  themeVariables?: ThemeVariables
  /** The host's terms of service (http or https), linked from the Connect view. */
  termsConditionsUrl?: string
  /** The host's privacy policy (http or https), linked from the Connect view. */
  privacyPolicyUrl?: string
  /**
   * What the WalletConnect SDK writes to the console ('error' by default); at 'debug' or
   * 'trace' the embedded wallet's frame logs its steps too.
   */
  logLevel?: LogLevel
}

export interface WalletConnectNetworkOptions {
  /** The WalletConnect Cloud project id (32 hex digits). */
  projectId: string
  /** The network's relay (ws: or wss:); `wss://relay.walletconnect.org` by default. */
  relayUrl?: string
}

export interface ResolvedWalletConnectNetwork {
  projectId: string
  relayUrl: string
}

export interface ResolvedPorticoOptions {
  projectId: string
  networks: [CaipNetwork, ...CaipNetwork[]]
  defaultNetwork: CaipNetwork
  metadata: PorticoMetadata | undefined
  features: PorticoFeatures
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  apiUrl: string
  relayUrl: string | undefined
  walletConnectNetwork: ResolvedWalletConnectNetwork | undefined
  frameUrl: string | undefined
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  customWallets: CustomWallet[]
  siweConfig: SiweConfig | undefined
  siwx: SiwxConfig | undefined
  themeMode: ThemeModeSetting
  themeVariables: ThemeVariables
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  logLevel: LogLevel
}
