// Adds the WalletConnect connector to a page's wagmi config at run time, the way wagmi adds the
// wallets it discovers over EIP-6963. The modal's lazy code calls this when the Connect view
// opens, and the client's start() when the stored session was a WalletConnect one: the
// connector never sits in what a page loads up front.
import type {
  EvmConfig as Config,
  EvmConnector as Connector,
} from '../../adapters/evm/wagmi-config'
import {
  addWalletConnectConnector,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_EIP155_METHODS,
  type WalletConnectConnectorParameters,
  type walletConnectConnector,
} from '../../adapters/evm/wallet-connect-connector'
import type { PorticoMetadata, ResolvedPorticoOptions } from '../../options/option-types'
import type { ServerSettings } from '../../options/server-settings'
import { signInPairingFor } from '../../siwx/one-click'
import { modalStore } from '../../state/modal'

export interface WalletConnectHost {
  readonly wagmiConfig: Config
  readonly options: ServerSettings &
    Pick<ResolvedPorticoOptions, 'relayUrl' | 'metadata'> &
    /** Set: pairs over the WalletConnect network with its own project id (relay-mode). */
    Partial<Pick<ResolvedPorticoOptions, 'walletConnectNetwork'>> &
    /** With sign-in on and only eip155 networks requested, the connection signs in at once. */
    Partial<Pick<ResolvedPorticoOptions, 'siwx' | 'networks'>> &
    Partial<Pick<ResolvedPorticoOptions, 'logLevel'>>
}

/**
 * Where WalletConnect pairs: the WalletConnect network's relay when the host chose it, else our
 * server's (the API URL with a ws scheme and /relay) unless the host set relayUrl.
 */
export function walletConnectRelayUrl(
  options: Pick<ServerSettings, 'apiUrl'> &
    Pick<ResolvedPorticoOptions, 'relayUrl'> &
    Partial<Pick<ResolvedPorticoOptions, 'walletConnectNetwork'>>,
): string {
  if (options.walletConnectNetwork) return options.walletConnectNetwork.relayUrl
  if (options.relayUrl) return options.relayUrl
  const url = new URL(options.apiUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/relay`
  url.search = ''
  url.hash = ''
  return url.toString()
}

/** Every chain's RPC URL in the wagmi config: our server's proxy (adapters/evm/wagmi-config.ts). */
export function walletConnectRpcMap(config: Config): Record<number, string> {
  return Object.fromEntries(
    config.chains.flatMap((chain) => {
      const url = chain.rpcUrls.default.http[0]
      return url ? [[chain.id, url]] : []
    }),
  )
}

function pageMetadata(metadata: PorticoMetadata | undefined): PorticoMetadata {
  if (metadata) return metadata
  const location = globalThis.location
  return {
    name: globalThis.document?.title || location?.host || 'Portico',
    description: '',
    url: location?.origin ?? 'http://localhost',
    icons: [],
  }
}

export function walletConnectParameters(host: WalletConnectHost): WalletConnectConnectorParameters {
  return {
    // The relay authenticates the page with the project id of the network it belongs to.
    projectId: host.options.walletConnectNetwork?.projectId ?? host.options.projectId,
    relayUrl: walletConnectRelayUrl(host.options),
    rpcMap: walletConnectRpcMap(host.wagmiConfig),
    metadata: pageMetadata(host.options.metadata),
    logLevel: host.options.logLevel,
  }
}

export function findWalletConnectConnector(config: Config): Connector | undefined {
  return config.connectors.find((connector) => connector.id === WALLET_CONNECT_CONNECTOR_ID)
}

/** The page's WalletConnect connector, added to its wagmi config the first time. */
export function ensureWalletConnectConnector(
  host: WalletConnectHost,
  parameters: Partial<WalletConnectConnectorParameters> = {},
): Connector {
  const config = host.wagmiConfig
  const existing = findWalletConnectConnector(config)
  if (existing) return existing
  return addWalletConnectConnector(config, { ...walletConnectParameters(host), ...parameters })
}

/**
 * Warms a WalletConnect pick while the visitor is still choosing (the modal calls it when a row
 * that connects over WalletConnect is pointed at, pressed or reached with the keyboard, when All
 * wallets shows, and when Connect shows on a touch screen, where deep links are the way): the
 * SDK and its relay socket, and the pairing itself, so the pick shows its QR code at once. A second intent reuses the pairing; closing the modal ends
 * it on the relay. With one-click sign-in the pick pairs another way: only the SDK is warmed.
 * (Named for its first job, fetching the SDK's chunk.)
 */
export function preloadWalletConnectSdk(host: WalletConnectHost): void {
  const connector = ensureWalletConnectConnector(host) as Connector & Partial<WarmConnector>
  // A WalletConnect connector the host brought itself has nothing to warm.
  if (!connector.preparePairing) return
  if (signInPairingFor(host.options, [...WALLET_CONNECT_EIP155_METHODS])) {
    connector.getProvider().catch(() => undefined)
    return
  }
  connector.preparePairing().catch(() => undefined)
  discardOnClose(connector as Connector & WarmConnector)
}

type WarmConnector = Pick<
  ReturnType<ReturnType<typeof walletConnectConnector>>,
  'preparePairing' | 'discardPreparedPairing'
>

const discarding = new WeakSet<Connector>()

/** A pairing prepared and never shown ends with the modal, as a shown one does. */
function discardOnClose(connector: Connector & WarmConnector): void {
  if (discarding.has(connector)) return
  discarding.add(connector)
  modalStore.subscribe(({ open }, previous) => {
    if (!open && previous.open) connector.discardPreparedPairing()
  })
}
