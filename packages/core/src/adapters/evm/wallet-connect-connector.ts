// Our wagmi connector for WalletConnect, on @walletconnect/universal-provider. The provider (and
// the SDK behind it) is loaded with import() the first time the connector is used, so neither
// this connector nor the SDK weighs on a page that never opens the modal. The modal warms it
// while the visitor is still choosing (preloadWalletConnectSdk): the provider (SDK chunk, relay
// socket) once the modal opens, a pairing when a WalletConnect row is pointed at.
import {
  ChainNotConfiguredError,
  type Config,
  type Connector,
  createConnector,
  ProviderNotFoundError,
} from '@wagmi/core'
import type UniversalProvider from '@walletconnect/universal-provider'
import {
  type Address,
  getAddress,
  numberToHex,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'
import { isPairingExpired, pairingExpiry } from '../../connectors/wallet-connect/pairing-uri'
import {
  type PreparedPairing,
  prepareSessionPairing,
} from '../../connectors/wallet-connect/prepared-pairing'
import { DEFAULT_LOG_LEVEL } from '../../constants'
import type { LogLevel } from '../../options/option-types'
import { clock } from '../../time/clock'

export type WalletConnectProvider = UniversalProvider

/** The WalletConnect SDK's chunk (universalProviderInit), about 130 KB gzipped. */
export type WalletConnectSdk =
  typeof import('../../connectors/wallet-connect/universal-provider-init')

export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** The connector's message once the wallet approved the session proposal. */
export const WALLET_APPROVED_MESSAGE = 'wallet_approved'

/** What a session asks the wallet for: the signing methods the modal and wagmi use. */
export const WALLET_CONNECT_EIP155_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const
export const WALLET_CONNECT_EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

export interface WalletConnectMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export interface WalletConnectConnectorParameters {
  projectId: string
  /** Our server's relay, `ws(s)://<api>/relay` unless the host set its own. */
  relayUrl: string
  /** Chain id -> our server's RPC proxy URL, so read calls never go to a third party. */
  rpcMap: Record<number, string>
  metadata: WalletConnectMetadata
  /** What the SDK writes to the console: the host's `logLevel`, DEFAULT_LOG_LEVEL without one. */
  logLevel?: LogLevel | undefined
  /** Where the provider comes from; tests pass their own. */
  loadProvider?: (parameters: WalletConnectConnectorParameters) => Promise<WalletConnectProvider>
  /** Where the SDK's chunk comes from; tests pass their own. */
  loadSdk?: () => Promise<WalletConnectSdk>
}

/** Pairs a new session on the provider instead of a plain `connect` (e.g. one-click sign-in). */
export type WalletConnectPairing = (provider: WalletConnectProvider) => Promise<unknown>

type ConnectorProperties = {
  connect<withCapabilities extends boolean = false>(parameters?: {
    chainId?: number | undefined
    isReconnecting?: boolean | undefined
    withCapabilities?: withCapabilities | boolean | undefined
    /** Used instead of `provider.connect` when there is no session yet. */
    pairing?: WalletConnectPairing | undefined
  }): Promise<{
    accounts: withCapabilities extends true ? readonly { address: Address }[] : readonly Address[]
    chainId: number
  }>
  /**
   * Makes the next pick's pairing (its wc: URI and session proposal) now; the pick shows it
   * at once. Reused until it is taken, discarded or about to expire.
   */
  preparePairing(): Promise<string | undefined>
  /** Ends a pairing prepared and never shown (the modal closed): the relay forgets it. */
  discardPreparedPairing(): void
}

/** A prepared pairing this close to its expiry is not shown: the visitor could not scan it. */
const PREPARED_PAIRING_MIN_LIFE_MS = 30_000

/** Still on its way counts as fresh: it is made with a full five minutes. */
function tooOldToShow(pairing: PreparedPairing): boolean {
  const expiry = pairing.expiry()
  return (
    expiry !== undefined && isPairingExpired(expiry - PREPARED_PAIRING_MIN_LIFE_MS, clock.now())
  )
}

const loadSdk = (): Promise<WalletConnectSdk> =>
  import('../../connectors/wallet-connect/universal-provider-init')

async function loadUniversalProvider(
  parameters: WalletConnectConnectorParameters,
  sdk: Promise<WalletConnectSdk>,
): Promise<WalletConnectProvider> {
  const { initUniversalProvider } = await sdk
  return initUniversalProvider({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata,
    // No calls to WalletConnect's own services: no telemetry, no provider pings.
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: parameters.logLevel ?? DEFAULT_LOG_LEVEL,
  })
}

function isUserRejectionMessage(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && /(user rejected|connection request reset)/i.test(message)
}

function sessionNamespaces(chains: string[], rpcMap: Record<string, string>) {
  return {
    eip155: {
      chains,
      methods: [...WALLET_CONNECT_EIP155_METHODS],
      events: [...WALLET_CONNECT_EIP155_EVENTS],
      rpcMap,
    },
  }
}

function toAddresses(accounts: readonly string[]): Address[] {
  return accounts.map((account) => getAddress(account))
}

export function walletConnectConnector(parameters: WalletConnectConnectorParameters) {
  let provider: WalletConnectProvider | undefined
  let providerPromise: Promise<WalletConnectProvider> | undefined
  let prepared: PreparedPairing | undefined
  // Listeners bound once per provider; each is removed by the matching teardown.
  let sessionListeners:
    | {
        accountsChanged: (accounts: string[]) => void
        chainChanged: (chainId: string | number) => void
        disconnect: () => void
      }
    | undefined

  return createConnector<WalletConnectProvider, ConnectorProperties>((config) => {
    const chainRpcMap = () =>
      Object.fromEntries(
        config.chains.map((chain) => [
          String(chain.id),
          parameters.rpcMap[chain.id] ?? chain.rpcUrls.default.http[0] ?? '',
        ]),
      )

    /** The session's chains, `chainId` (else the config's first) first, as CAIP-2 ids. */
    function sessionChains(chainId: number | undefined): string[] {
      const first = chainId ?? config.chains[0]?.id
      if (first === undefined) throw new ChainNotConfiguredError()
      return [first, ...config.chains.map((chain) => chain.id)]
        .filter((id, index, all) => all.indexOf(id) === index)
        .map((id) => `eip155:${id}`)
    }

    /** The prepared pairing, if it can still be shown, for a pick on the default chain. */
    function takePrepared(chainId: number | undefined): PreparedPairing | undefined {
      const ready = prepared
      if (!ready || (chainId !== undefined && chainId !== config.chains[0]?.id)) return undefined
      prepared = undefined
      if (!tooOldToShow(ready)) return ready
      ready.end()
      return undefined
    }

    function listenToSession(target: WalletConnectProvider, connector: { onDisconnect(): void }) {
      if (sessionListeners) return
      sessionListeners = {
        accountsChanged: (accounts) => {
          if (accounts.length === 0) connector.onDisconnect()
          else config.emitter.emit('change', { accounts: toAddresses(accounts) })
        },
        chainChanged: (chainId) => config.emitter.emit('change', { chainId: Number(chainId) }),
        disconnect: () => connector.onDisconnect(),
      }
      target.on('accountsChanged', sessionListeners.accountsChanged)
      target.on('chainChanged', sessionListeners.chainChanged)
      target.on('session_delete', sessionListeners.disconnect)
    }

    function stopListening(target: WalletConnectProvider | undefined) {
      if (!target || !sessionListeners) return
      target.removeListener('accountsChanged', sessionListeners.accountsChanged)
      target.removeListener('chainChanged', sessionListeners.chainChanged)
      target.removeListener('session_delete', sessionListeners.disconnect)
      sessionListeners = undefined
    }

    return {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',

      async connect(connectParameters = {}) {
        const { chainId, withCapabilities } = connectParameters
        const pairing = 'pairing' in connectParameters ? connectParameters.pairing : undefined
        const target = await this.getProvider()
        try {
          if (!target.session) {
            const chains = sessionChains(chainId)
            const ready = pairing ? undefined : takePrepared(chainId)
            if (pairing) await pairing(target)
            else if (ready) {
              config.emitter.emit('message', { type: 'display_uri', data: await ready.uri })
              await ready.session
            } else
              await target.connect({ optionalNamespaces: sessionNamespaces(chains, chainRpcMap()) })
            // The wallet answered: from here on the connection is under way, not before (the
            // QR code alone is the visitor having done nothing yet).
            config.emitter.emit('message', { type: WALLET_APPROVED_MESSAGE })
          }
          const accounts = toAddresses(await target.enable())
          let currentChainId = await this.getChainId()
          if (chainId !== undefined && chainId !== currentChainId) {
            const chain = await this.switchChain?.({ chainId }).catch(() => undefined)
            currentChainId = chain?.id ?? currentChainId
          }
          listenToSession(target, this)
          return {
            accounts: (withCapabilities
              ? accounts.map((address) => ({ address, capabilities: {} }))
              : accounts) as never,
            chainId: currentChainId,
          }
        } catch (error) {
          if (isUserRejectionMessage(error)) throw new UserRejectedRequestError(error as Error)
          throw error
        }
      },

      async disconnect() {
        const target = await this.getProvider()
        stopListening(target)
        try {
          if (target.session) await target.disconnect()
        } catch (error) {
          // The session is already gone on the relay's side: nothing left to end.
          if (!/No matching key/i.test((error as Error).message)) throw error
        }
      },

      async getAccounts() {
        const target = await this.getProvider()
        if (!target.session) return []
        return toAddresses(await target.request<string[]>({ method: 'eth_accounts' }))
      },

      async getChainId() {
        const target = await this.getProvider()
        const fallback = config.chains[0]?.id
        if (!target.session) {
          if (fallback === undefined) throw new ChainNotConfiguredError()
          return fallback
        }
        return Number(await target.request<number | string>({ method: 'eth_chainId' }))
      },

      async getProvider() {
        if (provider) return provider
        providerPromise ??= parameters.loadProvider
          ? parameters.loadProvider(parameters)
          : loadUniversalProvider(parameters, (parameters.loadSdk ?? loadSdk)())
        try {
          provider = await providerPromise
        } catch (error) {
          providerPromise = undefined
          throw error
        }
        provider.events.setMaxListeners(Number.POSITIVE_INFINITY)
        // The pairing URI goes out as wagmi's connector message, the way wagmi's own
        // WalletConnect connector reports it, for whoever draws the QR code.
        // A prepared pairing's URI is kept back until the pick shows it.
        provider.on('display_uri', (uri: string) => {
          if (prepared?.preparing()) return
          config.emitter.emit('message', { type: 'display_uri', data: uri })
        })
        return provider
      },

      async preparePairing() {
        const target = await this.getProvider()
        if (target.session) return undefined
        if (prepared && tooOldToShow(prepared)) {
          prepared.end()
          prepared = undefined
        }
        if (!prepared) {
          const made = prepareSessionPairing(
            target,
            sessionNamespaces(sessionChains(undefined), chainRpcMap()),
            pairingExpiry,
          )
          prepared = made
          // A pairing that fails or expires unused is simply made again on the next intent.
          made.session.catch(() => {
            if (prepared === made) prepared = undefined
          })
        }
        return prepared.uri
      },

      discardPreparedPairing() {
        prepared?.end()
        prepared = undefined
      },

      async isAuthorized() {
        try {
          const target = await this.getProvider()
          if (!target.session) return false
          const accounts = await this.getAccounts()
          if (accounts.length === 0) return false
          listenToSession(target, this)
          return true
        } catch {
          return false
        }
      },

      async switchChain({ chainId }) {
        const target = await this.getProvider()
        if (!target) throw new ProviderNotFoundError()
        const chain = config.chains.find((entry) => entry.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await target.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(chainId) }],
          })
        } catch (error) {
          if (isUserRejectionMessage(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        config.emitter.emit('change', { chainId })
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: toAddresses(accounts) })
      },

      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },

      onDisconnect() {
        stopListening(provider)
        config.emitter.emit('disconnect')
      },
    }
  })
}

/**
 * Adds the WalletConnect connector to the page's config at run time, first in the list: the
 * page does not carry it, and once added wagmi lists, connects and reconnects it.
 */
export function addWalletConnectConnector(
  config: Config,
  parameters: WalletConnectConnectorParameters,
): Connector {
  const connector = config._internal.connectors.setup(walletConnectConnector(parameters))
  config._internal.connectors.setState((connectors) => [connector, ...connectors])
  return connector
}
