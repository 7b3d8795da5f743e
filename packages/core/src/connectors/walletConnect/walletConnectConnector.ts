// Our wagmi connector for WalletConnect, on @walletconnect/universal-provider. The provider (and
// the SDK behind it) is loaded with import() the first time the connector is used, so neither
// this connector nor the SDK weighs on a page that never opens the modal. The modal may fetch
// the SDK's chunk a little earlier (preloadSdk), when a visitor points at a WalletConnect row.
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from '@wagmi/core'
import type UniversalProvider from '@walletconnect/universal-provider'
import {
  type Address,
  getAddress,
  numberToHex,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'

export type WalletConnectProvider = UniversalProvider

/** The WalletConnect SDK's chunk (universalProviderInit), about 130 KB gzipped. */
export type WalletConnectSdk = typeof import('./universalProviderInit')

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
   * Starts fetching the SDK's chunk, once, so the first QR code does not wait for it. A fetch
   * that fails (offline) is forgotten: the next preload, or the pick itself, tries again.
   */
  preloadSdk(): void
}

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
    logger: 'error',
  })
}

function isUserRejectionMessage(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && /(user rejected|connection request reset)/i.test(message)
}

function toAddresses(accounts: readonly string[]): Address[] {
  return accounts.map((account) => getAddress(account))
}

export function walletConnectConnector(parameters: WalletConnectConnectorParameters) {
  let provider: WalletConnectProvider | undefined
  let providerPromise: Promise<WalletConnectProvider> | undefined
  let sdkPromise: Promise<WalletConnectSdk> | undefined
  function loadSdk(): Promise<WalletConnectSdk> {
    if (!sdkPromise) {
      const loading = (parameters.loadSdk ?? (() => import('./universalProviderInit')))()
      sdkPromise = loading
      loading.catch(() => {
        if (sdkPromise === loading) sdkPromise = undefined
      })
    }
    return sdkPromise
  }
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
            const first = chainId ?? config.chains[0]?.id
            if (first === undefined) throw new ChainNotConfiguredError()
            const chains = [first, ...config.chains.map((chain) => chain.id)]
              .filter((id, index, all) => all.indexOf(id) === index)
              .map((id) => `eip155:${id}`)
            if (pairing) await pairing(target)
            else
              await target.connect({
                optionalNamespaces: {
                  eip155: {
                    chains,
                    methods: [...WALLET_CONNECT_EIP155_METHODS],
                    events: [...WALLET_CONNECT_EIP155_EVENTS],
                    rpcMap: chainRpcMap(),
                  },
                },
              })
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
          : loadUniversalProvider(parameters, loadSdk())
        try {
          provider = await providerPromise
        } catch (error) {
          providerPromise = undefined
          throw error
        }
        provider.events.setMaxListeners(Number.POSITIVE_INFINITY)
        // The pairing URI goes out as wagmi's connector message, the way wagmi's own
        // WalletConnect connector reports it, for whoever draws the QR code.
        provider.on('display_uri', (uri: string) =>
          config.emitter.emit('message', { type: 'display_uri', data: uri }),
        )
        return provider
      },

      preloadSdk() {
        // Nothing to fetch once the provider is here, or when it comes from elsewhere.
        if (provider || parameters.loadProvider) return
        loadSdk().catch(() => undefined)
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
