// The EVM adapter: derives the modal's stores from @wagmi/core's state, so a host's own wagmi
// hooks and the modal always agree (docs/architecture.md#how-data-flows). What it does on request
// (connect, disconnect, switch) is in evm-actions.ts, loaded only when a view asks.
import {
  type Config,
  getConnection,
  reconnect,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import type { BlockchainApi } from '../../api/blockchain'
import type { CaipNetwork } from '../../networks'
import { clearAccount, connectedNamespaces, getAccount, updateAccount } from '../../state/account'
import { connectionStatusWith, setConnectionStatus, setConnectors } from '../../state/connection'
import {
  clearNetwork,
  networkStore,
  setActiveNetwork,
  setApprovedNetworkIds,
  setUnsupportedChain,
} from '../../state/network'
import { listConnectors } from './connectors'

export interface EvmAdapter {
  readonly config: Config
  /** Resyncs a stored session: connecting, then connected or disconnected (product.md#states). */
  reconnect(): Promise<void>
  /** Reads the native balance from the balance API; forceUpdate skips the server's cache. */
  refreshBalance(options?: { forceUpdate?: boolean }): Promise<void>
  /** Stops following wagmi (tests, hot reload). */
  destroy(): void
}

function explorerAddressUrl(network: CaipNetwork | undefined, address: string) {
  const explorer = network?.blockExplorers?.default.url
  return explorer ? `${explorer.replace(/\/$/, '')}/address/${address}` : undefined
}

export interface EvmAdapterOptions {
  /** Where balances come from (our server's balance API), loaded on first use; without it none are read. */
  loadBalances?: () => Promise<Pick<BlockchainApi, 'fetchBalances'>>
}

export function createEvmAdapter(config: Config, options: EvmAdapterOptions = {}): EvmAdapter {
  function networkFor(chainId: number): CaipNetwork | undefined {
    return networkStore
      .get()
      .requestedCaipNetworks.find((network) => network.caipNetworkId === `eip155:${chainId}`)
  }

  function syncConnection() {
    const connection = getConnection(config)
    // wagmi knows only eip155: a Solana account connected meanwhile keeps the modal connected.
    setConnectionStatus(connectionStatusWith('eip155', connection.status, connectedNamespaces()))
    if (connection.status === 'disconnected') {
      clearAccount('eip155')
      clearNetwork()
      return
    }
    if (!connection.address || connection.chainId === undefined) return
    const network = networkFor(connection.chainId)
    const previous = getAccount('eip155')
    const sameAccount =
      previous.address === connection.address &&
      previous.caipAddress === `eip155:${connection.chainId}:${connection.address}`
    // Set by the embedded wallet's connector when it reads its user (a social login's provider);
    // any other connector has none.
    const socialProvider =
      connection.connector?.id === 'embeddedWallet' ? previous.socialProvider : undefined
    updateAccount('eip155', {
      address: connection.address,
      caipAddress: `eip155:${connection.chainId}:${connection.address}`,
      allAccounts: [...(connection.addresses ?? [])],
      addressExplorerUrl: explorerAddressUrl(network, connection.address),
      status: connection.status,
      connectedWalletInfo: connection.connector
        ? {
            name: connection.connector.name,
            ...(connection.connector.icon ? { icon: connection.connector.icon } : {}),
            identifier: connection.connector.id,
            ...(socialProvider ? { social: socialProvider } : {}),
          }
        : undefined,
      socialProvider,
      ...(sameAccount ? {} : { balance: undefined, balanceSymbol: undefined }),
    })
    if (network) {
      setActiveNetwork(network)
      setApprovedNetworkIds([network.caipNetworkId])
    } else {
      setUnsupportedChain(connection.chainId)
    }
    // A new account, or one that just became connected: wagmi's reconnect of a stored session
    // gives the account while still reconnecting and says connected in a later update.
    const becameConnected = previous.status !== 'connected'
    if (connection.status === 'connected' && (!sameAccount || becameConnected))
      void refreshBalance()
  }

  let destroyed = false
  async function refreshBalance(refresh: { forceUpdate?: boolean } = {}) {
    if (!options.loadBalances || getConnection(config).status !== 'connected') return
    // Loading shows at once, while the balance code's chunk arrives.
    updateAccount('eip155', { balanceLoading: true })
    try {
      const [{ refreshNativeBalance }, balances] = await Promise.all([
        import('./native-balance'),
        options.loadBalances(),
      ])
      if (destroyed) return
      await refreshNativeBalance(config, balances, networkFor, refresh)
    } catch {
      // The balance code could not be fetched (offline, a new deploy): no balance, as when the
      // balance API fails; the next connection or refresh tries again.
      if (!destroyed) updateAccount('eip155', { balanceLoading: false })
    }
  }

  setConnectors(listConnectors(config.connectors))
  const stopConnectors = watchConnectors(config, {
    onChange: (connectors) => setConnectors(listConnectors(connectors)),
  })
  const stopConnection = watchConnection(config, { onChange: syncConnection })
  syncConnection()

  return {
    config,
    async reconnect() {
      await reconnect(config)
      syncConnection()
    },
    refreshBalance,
    destroy() {
      destroyed = true
      stopConnectors()
      stopConnection()
    },
  }
}
