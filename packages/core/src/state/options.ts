// The options a host passes to createPortico, checked and completed with the spec's defaults
// (section 1 for features, sections 5 and 8 for the errors). Bad options throw and store nothing.
import { type CaipNetworkId, parseCaipNetworkId } from '../caip'
import { PorticoError } from '../errors/porticoError'
import type { CaipNetwork } from '../networks'
import { createStore } from './store'
import { isThemeMode, type ThemeMode, type ThemeVariables } from './theme'

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

export type BooleanFeature = Exclude<keyof PorticoFeatures, 'socials'>

/** The fields of a sign-in message (spec section 3, "Authentication session"). */
export interface SiwxMessageData {
  accountAddress: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  cacao?: unknown
}

/** Chain-agnostic sign-in: where messages come from and sessions are kept. */
export interface SiwxConfig {
  createMessage(input: {
    accountAddress: string
    chainId: CaipNetworkId
  }): Promise<{ data: SiwxMessageData; message: string }>
  addSession(session: SiwxSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SiwxSession[]): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** Sign-in is required (the wallet is disconnected on cancel) unless this returns false. */
  getRequired?(): boolean
}

/** The older EIP-4361-only sign-in; a host sets it or `siwx`, never both. */
export interface SiweConfig {
  getNonce(address?: string): Promise<string>
  createMessage(data: SiwxMessageData): string
  verifyMessage(input: { message: string; signature: string }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
  required?: boolean
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
  /** The WalletConnect relay (ws: or wss:). */
  relayUrl?: string
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  customWallets?: CustomWallet[]
  siweConfig?: SiweConfig
  siwx?: SiwxConfig
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
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
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  customWallets: CustomWallet[]
  siweConfig: SiweConfig | undefined
  siwx: SiwxConfig | undefined
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export const defaultFeatures: Readonly<PorticoFeatures> = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
}

export class ProjectIdNotConfiguredError extends PorticoError {
  override name = 'ProjectIdNotConfiguredError'
  constructor() {
    super('Project ID Not Configured')
  }
}

/** The default network is not one of the networks passed (spec alert "Network Not Found"). */
export class DefaultNetworkNotFoundError extends PorticoError {
  override name = 'DefaultNetworkNotFoundError'
  constructor() {
    super('Network Not Found')
  }
}

export class InvalidOptionsError extends PorticoError {
  override name = 'InvalidOptionsError'
}

function resolveNetworks(networks: unknown): [CaipNetwork, ...CaipNetwork[]] {
  if (!Array.isArray(networks) || networks.length === 0) {
    throw new InvalidOptionsError('At least one network is required')
  }
  const seen = new Set<string>()
  for (const network of networks as CaipNetwork[]) {
    parseCaipNetworkId(network?.caipNetworkId)
    if (seen.has(network.caipNetworkId)) {
      throw new InvalidOptionsError(`Network ${network.caipNetworkId} is listed twice`)
    }
    seen.add(network.caipNetworkId)
  }
  return [...networks] as [CaipNetwork, ...CaipNetwork[]]
}

function resolveFeatures(features: Partial<PorticoFeatures> = {}): PorticoFeatures {
  const resolved = { ...defaultFeatures, ...features }
  for (const [name, value] of Object.entries(resolved)) {
    if (name === 'socials') continue
    if (typeof value !== 'boolean')
      throw new InvalidOptionsError(`features.${name} must be true or false`)
  }
  const known = defaultFeatures.socials
  if (!Array.isArray(resolved.socials) || !resolved.socials.every((s) => known.includes(s))) {
    throw new InvalidOptionsError(`features.socials must list only ${known.join(', ')}`)
  }
  return { ...resolved, socials: [...resolved.socials] }
}

function resolveUrl(name: string, value: string, protocols: string[]): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidOptionsError(`${name} must be an absolute URL`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new InvalidOptionsError(`${name} must use ${protocols.join(' or ')}`)
  }
  return value.replace(/\/+$/, '')
}

function resolveApiUrl(apiUrl: string | undefined): string {
  const origin = apiUrl ?? globalThis.location?.origin
  if (!origin) throw new InvalidOptionsError('apiUrl is required where the page has no origin')
  return resolveUrl('apiUrl', origin, ['http:', 'https:'])
}

// The Wallet API takes only these ids (and answers an empty list for any other): a bad id is
// refused here, where the host sees which one, rather than as a silently empty modal.
const WALLET_ID = /^[0-9a-f]{64}$/i

/** Whether `id` has the shape of a registry wallet's id. */
export function isRegistryWalletId(id: string): boolean {
  return WALLET_ID.test(id)
}

function walletIds(name: string, ids: unknown): string[] {
  if (ids === undefined) return []
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new InvalidOptionsError(`${name} must be a list of wallet ids`)
  }
  const bad = ids.find((id) => !isRegistryWalletId(id))
  if (bad !== undefined) {
    throw new InvalidOptionsError(
      `${name}: ${JSON.stringify(bad)} is not a wallet id (64 hex digits)`,
    )
  }
  // The registry's ids are lower case; the featured order is matched against them.
  return ids.map((id) => id.toLowerCase())
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === ''

// Parsed as the browser would (tabs, backslashes, //host): anything resolving away from the
// page's own origin would load the image from another server.
function isLocalImage(url: string): boolean {
  const base = 'http://portico.invalid'
  try {
    const parsed = new URL(url, `${base}/`)
    return parsed.origin === base || /^data:image\//i.test(parsed.href)
  } catch {
    return false
  }
}

function customWallets(wallets: unknown): CustomWallet[] {
  if (wallets === undefined) return []
  if (!Array.isArray(wallets)) throw new InvalidOptionsError('customWallets must be a list')
  const ids = new Set<string>()
  return wallets.map((wallet: CustomWallet, index) => {
    // Named by its place and by its id, or its name when it has no id.
    const known = isBlank(wallet?.id) ? wallet?.name : wallet.id
    const named = `customWallets[${index}]${isBlank(known) ? '' : ` (${known})`}`
    if (isBlank(wallet?.id)) throw new InvalidOptionsError(`${named} needs an id`)
    if (isBlank(wallet.name)) throw new InvalidOptionsError(`${named} needs a name`)
    if (ids.has(wallet.id)) throw new InvalidOptionsError(`${named} is listed twice`)
    ids.add(wallet.id)
    // Every field is text (links, rdns): one of another type is a host's mistake.
    const field = Object.entries(wallet).find(
      ([, value]) => value != null && typeof value !== 'string',
    )
    if (field) throw new InvalidOptionsError(`${named}: ${field[0]} must be a string`)
    if (wallet.image_url !== undefined && !isLocalImage(wallet.image_url))
      throw new InvalidOptionsError(
        `${named}: image_url must be a relative URL or a data:image URI`,
      )
    return { ...wallet }
  })
}

/** Checks the host's options and fills in the defaults. Throws on bad options. */
export function resolveOptions(input: PorticoOptions): ResolvedPorticoOptions {
  if (typeof input?.projectId !== 'string' || input.projectId.trim() === '') {
    throw new ProjectIdNotConfiguredError()
  }
  if (input.siweConfig && input.siwx) {
    throw new InvalidOptionsError('siweConfig and siwx cannot both be set')
  }
  const networks = resolveNetworks(input.networks)
  const defaultNetwork = input.defaultNetwork
    ? networks.find((network) => network.caipNetworkId === input.defaultNetwork?.caipNetworkId)
    : networks[0]
  if (!defaultNetwork) throw new DefaultNetworkNotFoundError()
  const themeMode = input.themeMode ?? 'dark'
  if (!isThemeMode(themeMode))
    throw new InvalidOptionsError(`Invalid theme mode: ${String(themeMode)}`)

  return {
    projectId: input.projectId.trim(),
    networks,
    defaultNetwork,
    metadata: input.metadata,
    features: resolveFeatures(input.features),
    allowUnsupportedChain: input.allowUnsupportedChain ?? false,
    enableNetworkSwitch: input.enableNetworkSwitch ?? true,
    apiUrl: resolveApiUrl(input.apiUrl),
    relayUrl:
      input.relayUrl === undefined
        ? undefined
        : resolveUrl('relayUrl', input.relayUrl, ['ws:', 'wss:']),
    featuredWalletIds: walletIds('featuredWalletIds', input.featuredWalletIds),
    includeWalletIds: walletIds('includeWalletIds', input.includeWalletIds),
    excludeWalletIds: walletIds('excludeWalletIds', input.excludeWalletIds),
    customWallets: customWallets(input.customWallets),
    siweConfig: input.siweConfig,
    siwx: input.siwx,
    themeMode,
    themeVariables: { ...input.themeVariables },
  }
}

export interface OptionsState {
  /** Undefined until createPortico has run. */
  options: ResolvedPorticoOptions | undefined
}

export const optionsStore = /* @__PURE__ */ createStore<OptionsState>(() => ({
  options: undefined,
}))

/** Resolves and keeps the options; on bad options it throws and keeps the previous ones. */
export function setOptions(input: PorticoOptions): ResolvedPorticoOptions {
  const options = resolveOptions(input)
  optionsStore.set({ options })
  return options
}

export function getOptions(): ResolvedPorticoOptions | undefined {
  return optionsStore.get().options
}

/** A feature's setting, or its spec default before the options are set. */
export function isFeatureEnabled(feature: BooleanFeature): boolean {
  return (getOptions()?.features ?? defaultFeatures)[feature]
}

/** Whether the host set up sign-in (either form). */
export function isSignInConfigured(): boolean {
  const options = getOptions()
  return options?.siwx !== undefined || options?.siweConfig !== undefined
}
