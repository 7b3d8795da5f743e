// The client's actions a visitor starts from the modal: connect, retry, disconnect, switch
// network. A chunk of its own, fetched by the first view that calls one (the modal is open by
// then), so the page pays at load only for the stores and the reconnect of a stored session.

import { fetchAccountTokens } from '../actions/account-tokens'
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import { type ChainAdapterSources, loadChainAdapter } from '../adapters/load-chain-adapter'
import { solanaSettingsOf } from '../adapters/solana-settings'
import type { ChainNamespace } from '../caip'
import { PorticoError } from '../errors/portico-error'
import {
  DisconnectChainError,
  DisconnectError,
  isUserRejection,
  walletErrorMessage,
} from '../errors/wallet-errors'
import { trackEvent } from '../events/events'
import type { CaipNetwork } from '../networks'
import type { ServerSettings } from '../options/server-settings'
import { accountStore, clearAccount } from '../state/account'
import { getActiveNamespace, setActiveNamespace } from '../state/active-namespace'
import {
  addRecentWallet,
  type Connector,
  connectionStore,
  resetConnection,
  setConnectionError,
  setConnectionStatus,
  startConnecting,
} from '../state/connection'
import { namespacesToDisconnect } from '../state/disconnect-scope'
import { closeModal, modalStore } from '../state/modal'
import { clearNetwork, isNetworkRequested, networkStore, setActiveNetwork } from '../state/network'
import { goBack, resetView, routerStore } from '../state/router'
import { connectNamespaceFor } from './namespace-account'
import { porticoApiFor } from './portico-api-for'

export interface ClientActions {
  /** The adapter of a namespace (loaded with this chunk for eip155). */
  chain: ChainAdapterFor
  /** Connects and records the outcome (recent wallet, error, events); never throws. */
  connectWith(connector: Connector): Promise<void>
  retryConnect(): Promise<void>
  /** Resyncs a namespace's stored session on page load; it becomes the active one if none is. */
  resume(namespace: ChainNamespace): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
}

export function createClientActions(
  evm: Omit<ChainAdapterSources, 'solana'>,
  options?: ServerSettings & { networks: readonly CaipNetwork[] },
): ClientActions {
  // The Solana settings are built here, in the actions' chunk, not by the page.
  const solana = options && solanaSettingsOf(options)
  const sources: ChainAdapterSources = {
    config: evm.config,
    reconnect: () => evm.reconnect(),
    solana: solana && {
      ...solana,
      // The connect button's SOL balance (and the Tokens list), from the balance API.
      onAccount: (account) =>
        void fetchAccountTokens({ chain, api: porticoApiFor({ options }) }, account),
    },
  }
  const chain: ChainAdapterFor = (namespace) => loadChainAdapter(namespace, sources)

  async function connectWith(connector: Connector) {
    startConnecting(connector.id)
    try {
      await (await chain(connector.chain)).connect(connector.id)
      // The namespace just connected is the one the modal shows.
      setActiveNamespace(connector.chain)
      addRecentWallet({
        id: connector.id,
        name: connector.name,
        ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
        ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      })
      trackEvent('CONNECT_SUCCESS', { name: connector.name, method: 'browser' })
      // The sign-in flow may already have opened SIWXSignMessage for this account.
      if (
        networkStore.get().unsupportedChainId === undefined &&
        routerStore.get().view !== 'SIWXSignMessage'
      )
        closeModal()
    } catch (error) {
      const rejected = isUserRejection(error)
      setConnectionError({
        ...(rejected ? { code: 4001 } : {}),
        message: walletErrorMessage(error),
      })
      if (connectionStore.get().status !== 'connected') setConnectionStatus('disconnected')
      trackEvent(rejected ? 'USER_REJECTED' : 'CONNECT_ERROR', {
        name: connector.name,
        method: 'browser',
        message: walletErrorMessage(error),
      })
    }
  }

  return {
    chain,
    connectWith,
    async retryConnect() {
      const { pendingConnectorId, connectors } = connectionStore.get()
      const connector = connectors.find((entry) => entry.id === pendingConnectorId)
      if (connector) await connectWith(connector)
    },
    async resume(namespace) {
      await (await chain(namespace)).reconnect()
      const active = getActiveNamespace()
      if (!active || accountStore.get().byNamespace[active]?.status !== 'connected')
        setActiveNamespace(namespace)
    },
    async disconnect() {
      modalStore.set({ loading: true })
      try {
        const namespace = getActiveNamespace() ?? 'eip155'
        const { connectors } = connectionStore.get()
        for (const ended of namespacesToDisconnect(namespace, accountStore.get(), connectors)) {
          await (await chain(ended)).disconnect().catch((cause: unknown) => {
            throw new DisconnectChainError(ended, cause)
          })
          clearAccount(ended)
          clearNetwork()
        }
        trackEvent('DISCONNECT_SUCCESS')
        // Another namespace still connected stays, and the modal shows it.
        const remaining = Object.entries(accountStore.get().byNamespace).find(
          ([, account]) => account.status === 'connected',
        )
        if (remaining) {
          setActiveNamespace(remaining[0] as ChainNamespace)
          resetView('Account')
          return
        }
        resetConnection()
        closeModal()
        resetView('Connect')
      } catch (error) {
        // Reported with the chain's words ('Failed to disconnect chain eip155: ...').
        trackEvent('DISCONNECT_ERROR', { message: walletErrorMessage(error) })
        throw new DisconnectError(error)
      } finally {
        modalStore.set({ loading: false })
      }
    },
    async switchNetwork(network) {
      // Only to a network the host listed: the wallet is never asked to add or move elsewhere.
      if (!isNetworkRequested(network?.caipNetworkId)) throw new PorticoError('Network not found')
      trackEvent('SWITCH_NETWORK', { network: network.caipNetworkId })
      const adapter = await chain(network.chainNamespace)
      await connectNamespaceFor(adapter, network)
      await adapter.switchNetwork(network)
      // Another namespace's network: that namespace becomes the active one.
      if (getActiveNamespace() !== network.chainNamespace) setActiveNetwork(network)
      if (routerStore.get().view === 'Networks') goBack()
    },
  }
}
