// The one object a page creates: options resolved, wagmi config built, stores wired to it.
// Views call these actions; they hold no business rules of their own.
import { isSocialLoginReturn } from '../actions/social-login-return'
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import { createEvmAdapter, type EvmAdapter } from '../adapters/evm/evm-adapter'
import {
  createEvmConfig,
  type EvmConfig,
  type EvmConfigOptions,
} from '../adapters/evm/wagmi-config'
import { trackEvent } from '../events/events'
import type { CaipNetwork } from '../networks'
import type { PorticoOptions, ResolvedPorticoOptions } from '../options/option-types'
import { resolveOptions } from '../options/resolve-options'
import {
  type Connector,
  connectionStore,
  setConnectionStatus,
  startConnecting,
} from '../state/connection'
import { keepInitialTheme } from '../state/initial-theme'
import { closeModal, openModal } from '../state/modal'
import { networkStore, setRequestedNetworks } from '../state/network'
import { goBack, pushView, type RouterView, routerStore } from '../state/router'
import { readStored } from '../storage'
import type { ClientActions } from './client-actions'

export interface PorticoClient {
  readonly options: ResolvedPorticoOptions
  /** wagmi's config: the EVM connection state, which the host's wagmi hooks read. */
  readonly wagmiConfig: EvmConfig
  /** The adapter of a chain namespace, loaded on first use: what the flows act through. */
  readonly chain: ChainAdapterFor
  open(options?: { view?: RouterView }): void
  close(): void
  goBack(): void
  /** Pushes a view inside the open modal (Account -> Networks). */
  navigate(view: RouterView): void
  /** Starts connecting with a connector from the Connect view. */
  selectConnector(connector: Connector): Promise<void>
  /** Tries the last attempted connector again (after a rejection or error). */
  retryConnect(): Promise<void>
  /** Disconnects the active namespace (and the others its WalletConnect or auth session holds). */
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Resyncs a stored session, if there is one. Nothing else happens at start. */
  start(): Promise<void>
  destroy(): void
}

/** For tests and hosts with their own wagmi connectors or storage. */
export interface PorticoClientDependencies {
  /** Extra wagmi connectors beside the EIP-6963 ones (a custom wallet, wagmi's mock in tests). */
  connectors?: EvmConfigOptions['connectors']
  /** wagmi's persisted-state storage; null keeps nothing between loads. */
  storage?: EvmConfigOptions['storage']
}

export function createPorticoClient(
  input: PorticoOptions,
  dependencies: PorticoClientDependencies = {},
): PorticoClient {
  const options = resolveOptions(input)
  // Applied where the theme is first read (state/initial-theme.ts).
  if (input.themeMode || input.themeVariables) {
    keepInitialTheme({ themeMode: input.themeMode, themeVariables: input.themeVariables })
  }
  setRequestedNetworks(options.networks)
  // The networks and the server settings, from the options as they are.
  const wagmiConfig = createEvmConfig({ ...options, ...dependencies })
  const evm: EvmAdapter = createEvmAdapter(wagmiConfig, {
    loadBalances: () =>
      import('./portico-api-for').then((api) => api.porticoApiFor(client).blockchain),
  })
  const isConnected = () => connectionStore.get().status === 'connected'

  // A wallet on a chain the app did not request gets the UnsupportedChain view.
  const stopUnsupportedWatch = networkStore.subscribe((state, previous) => {
    if (state.unsupportedChainId === previous.unsupportedChainId) return
    if (state.unsupportedChainId === undefined) {
      if (routerStore.get().view === 'UnsupportedChain') closeModal()
      return
    }
    if (!options.enableNetworkSwitch || options.allowUnsupportedChain) return
    openModal({ view: 'UnsupportedChain' })
  })

  // The actions a view starts, and the namespace adapters the flows act through, load with the
  // first one that asks: the modal is open by then.
  let actions: Promise<ClientActions> | undefined
  const loadActions = () => {
    actions ??= import('./client-actions').then((module) =>
      module.createClientActions(evm, options),
    )
    actions.catch(() => {
      actions = undefined
    })
    return actions
  }

  const client: PorticoClient = {
    options,
    wagmiConfig,
    chain: async (namespace) => (await loadActions()).chain(namespace),
    open(openOptions) {
      openModal(openOptions?.view ? { view: openOptions.view } : { isConnected: isConnected() })
      trackEvent('MODAL_OPEN', { connected: isConnected() })
    },
    close() {
      closeModal()
    },
    goBack() {
      goBack()
    },
    navigate(view) {
      pushView(view)
    },
    async selectConnector(connector) {
      // The view changes at once; the connect itself may wait for the actions' chunk.
      trackEvent('SELECT_WALLET', { name: connector.name, method: 'browser' })
      pushView('ConnectingExternal', { connector })
      startConnecting(connector.id)
      // wagmi says 'connecting' once its connect runs; until then, so do we.
      if (!isConnected()) setConnectionStatus('connecting')
      await (await loadActions()).connectWith(connector)
    },
    async retryConnect() {
      await (await loadActions()).retryConnect()
    },
    async disconnect() {
      await (await loadActions()).disconnect()
    },
    async switchNetwork(network) {
      await (await loadActions()).switchNetwork(network)
    },
    async start() {
      // A social login coming back (its popup, or the tab after the redirect) is finished in
      // its own chunk, which the page loads only then.
      if (options.frameUrl && isSocialLoginReturn(globalThis.location?.href)) {
        const { finishSocialLoginReturn } = await import('../actions/social-login')
        if (await finishSocialLoginReturn(client)) return
      }
      // A stored Solana session comes back beside the EVM one. Its code (the actions' chunk and
      // the Solana adapter's) is fetched only when a wallet was stored and a Solana network is
      // configured: a page without one loads nothing more.
      const solanaReturn =
        readStored('solanaWallet') !== undefined &&
        options.networks.some((network) => network.chainNamespace === 'solana')
          ? loadActions()
              .then((actions) => actions.resume('solana'))
              .catch(() => undefined)
          : undefined
      if (readStored('connectionStatus') !== 'connected') {
        await solanaReturn
        return
      }
      setConnectionStatus('connecting')
      // A WalletConnect session comes back only through its connector, which the page does
      // not carry up front: fetched only when that is the connector to resume.
      const recentConnectorId = await wagmiConfig.storage?.getItem('recentConnectorId')
      if (recentConnectorId === 'walletConnect') {
        const { ensureWalletConnectConnector } = await import(
          '../connectors/wallet-connect/wallet-connect-setup'
        )
        ensureWalletConnectConnector(client)
      }
      // So is the embedded wallet's (e-mail login): its frame loads only to resume one.
      if (recentConnectorId === 'embeddedWallet' && options.frameUrl) {
        const { ensureEmbeddedWallet } = await import(
          '../connectors/embedded-wallet/embedded-wallet-setup'
        )
        ensureEmbeddedWallet(client)
      }
      await Promise.all([evm.reconnect(), solanaReturn])
    },
    destroy() {
      stopUnsupportedWatch()
      stopSignInWatch()
      void signIn?.then((stop) => stop())
      evm.destroy()
    },
  }

  // Sign-in with the wallet: its flow is a chunk of its own, loaded once an account connects.
  let signIn: Promise<() => void> | undefined
  const stopSignInWatch = connectionStore.subscribe(({ status }) => {
    if ((options.siwx || options.siweConfig) && status === 'connected')
      signIn ??= import('../siwx/connect-sign-in').then((flow) => flow.connectSignIn(client))
  })
  return client
}
