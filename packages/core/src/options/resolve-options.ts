// The options a host passes to createPortico, checked and completed with the spec's defaults
// (docs/product.md#features; #validation and #alerts for the errors). Bad options throw.
import { parseCaipNetworkId } from '../caip'
import { DEFAULT_LOG_LEVEL } from '../constants'
import type { CaipNetwork } from '../networks'
import { isThemeModeSetting } from '../state/initial-theme'
import {
  DefaultNetworkNotFoundError,
  InvalidOptionsError,
  ProjectIdNotConfiguredError,
} from './option-errors'
import {
  LOG_LEVELS,
  type LogLevel,
  type PorticoFeatures,
  type PorticoOptions,
  type ResolvedPorticoOptions,
  type ResolvedWalletConnectNetwork,
} from './option-types'
import { customWallets, walletIds } from './wallet-options'

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
  if (new Set(resolved.socials).size !== resolved.socials.length) {
    throw new InvalidOptionsError('features.socials must not list a provider twice')
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

function optionalWebUrl(name: string, value: string | undefined): string | undefined {
  return value === undefined ? undefined : resolveUrl(name, value, ['http:', 'https:'])
}

function resolveApiUrl(apiUrl: string | undefined): string {
  const origin = apiUrl ?? globalThis.location?.origin
  if (!origin) throw new InvalidOptionsError('apiUrl is required where the page has no origin')
  return resolveUrl('apiUrl', origin, ['http:', 'https:'])
}

function resolveLogLevel(level: unknown): LogLevel {
  if (level === undefined) return DEFAULT_LOG_LEVEL
  const known = LOG_LEVELS.find((entry) => entry === level)
  if (!known) throw new InvalidOptionsError(`logLevel must be one of ${LOG_LEVELS.join(', ')}`)
  return known
}

/** The WalletConnect network's public relay, which the wallets' own SDKs use. */
export const WALLET_CONNECT_NETWORK_RELAY_URL = 'wss://relay.walletconnect.org'

const CLOUD_PROJECT_ID = /^[0-9a-f]{32}$/

function resolveWalletConnectNetwork(
  input: PorticoOptions['walletConnectNetwork'],
  porticoProjectId: string,
): ResolvedWalletConnectNetwork | undefined {
  if (input === undefined) return undefined
  const projectId = typeof input?.projectId === 'string' ? input.projectId.trim() : ''
  if (!CLOUD_PROJECT_ID.test(projectId)) {
    throw new InvalidOptionsError(
      'walletConnectNetwork.projectId must be a WalletConnect Cloud project id (32 hex digits)',
    )
  }
  // Two accounts, two keys: the relay's project id is the WalletConnect Cloud's, never ours.
  if (projectId === porticoProjectId.trim()) {
    throw new InvalidOptionsError(
      "walletConnectNetwork.projectId must be the WalletConnect Cloud project id, not Portico's projectId",
    )
  }
  const relayUrl =
    input.relayUrl === undefined
      ? WALLET_CONNECT_NETWORK_RELAY_URL
      : resolveUrl('walletConnectNetwork.relayUrl', input.relayUrl, ['ws:', 'wss:'])
  return { projectId, relayUrl }
}

/** Checks the host's options and fills in the defaults. Throws on bad options. */
export function resolveOptions(input: PorticoOptions): ResolvedPorticoOptions {
  if (typeof input?.projectId !== 'string' || input.projectId.trim() === '') {
    throw new ProjectIdNotConfiguredError()
  }
  if (input.siweConfig && input.siwx) {
    throw new InvalidOptionsError('siweConfig and siwx cannot both be set')
  }
  if (input.relayUrl !== undefined && input.walletConnectNetwork !== undefined) {
    throw new InvalidOptionsError('relayUrl and walletConnectNetwork cannot both be set')
  }
  const networks = resolveNetworks(input.networks)
  const defaultNetwork = input.defaultNetwork
    ? networks.find((network) => network.caipNetworkId === input.defaultNetwork?.caipNetworkId)
    : networks[0]
  if (!defaultNetwork) throw new DefaultNetworkNotFoundError()
  const themeMode = input.themeMode ?? 'dark'
  if (!isThemeModeSetting(themeMode))
    throw new InvalidOptionsError(`Invalid theme mode: ${String(themeMode)}`)

  const options: ResolvedPorticoOptions = {
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
    walletConnectNetwork: resolveWalletConnectNetwork(input.walletConnectNetwork, input.projectId),
    frameUrl: optionalWebUrl('frameUrl', input.frameUrl),
    featuredWalletIds: walletIds('featuredWalletIds', input.featuredWalletIds),
    includeWalletIds: walletIds('includeWalletIds', input.includeWalletIds),
    excludeWalletIds: walletIds('excludeWalletIds', input.excludeWalletIds),
    customWallets: customWallets(input.customWallets),
    siweConfig: input.siweConfig,
    siwx: input.siwx,
    themeMode,
    themeVariables: { ...input.themeVariables },
    termsConditionsUrl: optionalWebUrl('termsConditionsUrl', input.termsConditionsUrl),
    privacyPolicyUrl: optionalWebUrl('privacyPolicyUrl', input.privacyPolicyUrl),
    logLevel: resolveLogLevel(input.logLevel),
  }
  // A box to tick needs something to agree to.
  if (options.features.legalCheckbox && !options.termsConditionsUrl && !options.privacyPolicyUrl) {
    throw new InvalidOptionsError(
      'features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl',
    )
  }
  // The default sign-in (createServerSiwx) talks to this client's server unless it names one.
  options.siwx = options.siwx?.forServer?.(options) ?? options.siwx
  return options
}
