// The client's actions a visitor starts from the modal: connect, retry, disconnect, switch
// network. A chunk of its own, fetched by the first view that calls one (the modal is open by
// then), so the page pays at load only for the stores and the reconnect of a stored session.
import type { Config } from '@wagmi/core'
import { connectEvm, disconnectEvm, switchEvmNetwork } from '../adapters/evm/evm-actions'
import { DisconnectError, isUserRejection, walletErrorMessage } from '../errors/wallet-errors'
import { trackEvent } from '../events/events'
import type { CaipNetwork } from '../networks'
import { clearAccount } from '../state/account'
import {
  addRecentWallet,
  type Connector,
  connectionStore,
  resetConnection,
  setConnectionError,
  setConnectionStatus,
  startConnecting,
} from '../state/connection'
import { closeModal, modalStore } from '../state/modal'
import { clearNetwork, networkStore } from '../state/network'
import { goBack, resetView, routerStore } from '../state/router'

export interface ClientActions {
  /** Connects and records the outcome (recent wallet, error, events); never throws. */
  connectWith(connector: Connector): Promise<void>
  retryConnect(): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
}

export function createClientActions(config: Config): ClientActions {
  async function connectWith(connector: Connector) {
    startConnecting(connector.id)
    try {
      await connectEvm(config, connector.id)
      addRecentWallet({
        id: connector.id,
        name: connector.name,
        ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
        ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      })
      trackEvent('CONNECT_SUCCESS', { name: connector.name })
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
        message: walletErrorMessage(error),
      })
    }
  }

  return {
    connectWith,
    async retryConnect() {
      const { pendingConnectorId, connectors } = connectionStore.get()
      const connector = connectors.find((entry) => entry.id === pendingConnectorId)
      if (connector) await connectWith(connector)
    },
    async disconnect() {
      modalStore.set({ loading: true })
      try {
        await disconnectEvm(config)
        clearAccount('eip155')
        clearNetwork()
        resetConnection()
        trackEvent('DISCONNECT_SUCCESS')
        closeModal()
        resetView('Connect')
      } catch (error) {
        trackEvent('DISCONNECT_ERROR', { message: walletErrorMessage(error) })
        throw new DisconnectError(error)
      } finally {
        modalStore.set({ loading: false })
      }
    },
    async switchNetwork(network) {
      trackEvent('SWITCH_NETWORK', { network: network.caipNetworkId })
      await switchEvmNetwork(config, network)
      if (routerStore.get().view === 'Networks') goBack()
    },
  }
}
