// Adds the WalletConnect connector to a page's wagmi config at run time, the way wagmi adds the
// wallets it discovers over EIP-6963. The modal's lazy code calls this when the Connect view
// opens, and the client's start() when the stored session was a WalletConnect one: the
// connector never sits in what a page loads up front.
import type { Config, Connector } from '@wagmi/core'
import type { PorticoMetadata, ResolvedPorticoOptions } from '../../options/option-types'
import type { ServerSettings } from '../../options/server-settings'
import { signInPairingFor } from '../../siwx/one-click'
import { modalStore } from '../../state/modal'
import {
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_EIP155_METHODS,
  type WalletConnectConnectorParameters,
  type WalletConnectProvider,
  walletConnectConnector,
} from './wallet-connect-connector'

export interface WalletConnectHost {
  readonly wagmiConfig: Config
  readonly options: ServerSettings &
    Pick<ResolvedPorticoOptions, 'relayUrl' | 'metadata'> &
    /** With sign-in on and only eip155 networks requested, the connection signs in at once. */
    Partial<Pick<ResolvedPorticoOptions, 'siwx' | 'networks'>>
}

/** Our server's relay: the API URL with a ws scheme and /relay, unless the host set relayUrl. */
export function walletConnectRelayUrl(
  options: Pick<ServerSettings, 'apiUrl'> & Pick<ResolvedPorticoOptions, 'relayUrl'>,
): string {
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
    projectId: host.options.projectId,
    relayUrl: walletConnectRelayUrl(host.options),
    rpcMap: walletConnectRpcMap(host.wagmiConfig),
    metadata: pageMetadata(host.options.metadata),
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
  const connector = config._internal.connectors.setup(
    walletConnectConnector({ ...walletConnectParameters(host), ...parameters }),
  )
  config._internal.connectors.setState((connectors) => [connector, ...connectors])
  return connector
}

/**
 * The UniversalProvider behind the WalletConnect connector, for flows that talk to it directly
 * (one-click sign-in with `provider.authenticate`). Its pairing URIs reach the QR code view
 * like any other (the connector reports every `display_uri`).
 */
export async function getWalletConnectProvider(
  host: WalletConnectHost,
): Promise<WalletConnectProvider> {
  const connector = ensureWalletConnectConnector(host)
  return (await connector.getProvider()) as WalletConnectProvider
}

/**
 * Warms a WalletConnect pick while the visitor is still choosing (the modal calls it when its
 * Connect view shows, as AppKit prepares its URI when its connect view opens, and again when a
 * row that connects over WalletConnect is pointed at, pressed or reached with the keyboard): the
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
