// The EVM adapter: drives @wagmi/core and derives the modal's stores from wagmi's state, so a
// host's own wagmi hooks and the modal always agree (ARCHITECTURE.md, "How data flows").
import {
  type Config,
  connect,
  disconnect,
  getConnection,
  reconnect,
  switchChain,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { type Address, formatUnits } from 'viem'
import type { CaipNetwork } from '../../networks'
import { clearAccount, getAccount, updateAccount } from '../../state/account'
import { setConnectionStatus, setConnectors } from '../../state/connection'
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
  connect(connectorId: string): Promise<void>
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Resyncs a stored session: connecting, then connected or disconnected (spec section 4). */
  reconnect(): Promise<void>
  refreshBalance(): Promise<void>
  /** Stops following wagmi (tests, hot reload). */
  destroy(): void
}

export class ConnectorNotFoundError extends Error {
  override name = 'ConnectorNotFoundError'
  constructor() {
    super('Address or auth connector not found')
  }
}

function explorerAddressUrl(network: CaipNetwork | undefined, address: string) {
  const explorer = network?.blockExplorers?.default.url
  return explorer ? `${explorer.replace(/\/$/, '')}/address/${address}` : undefined
}

export function createEvmAdapter(config: Config): EvmAdapter {
  function networkFor(chainId: number): CaipNetwork | undefined {
    return networkStore
      .get()
      .requestedCaipNetworks.find((network) => network.caipNetworkId === `eip155:${chainId}`)
  }

  function syncConnection() {
    const connection = getConnection(config)
    setConnectionStatus(connection.status)
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
          }
        : undefined,
      ...(sameAccount ? {} : { balance: undefined, balanceSymbol: undefined }),
    })
    if (network) {
      setActiveNetwork(network)
      setApprovedNetworkIds([network.caipNetworkId])
    } else {
      setUnsupportedChain(connection.chainId)
    }
    if (connection.status === 'connected' && !sameAccount) void refreshBalance()
  }

  async function refreshBalance() {
    const connection = getConnection(config)
    if (connection.status !== 'connected' || !networkFor(connection.chainId)) return
    const address = connection.address
    updateAccount('eip155', { balanceLoading: true })
    try {
      // eth_getBalance itself rather than wagmi's getBalance: that goes through viem's, whose
      // multicall3 branch (eth_call and ABI coding, ~18 KB gzipped) every host page would then
      // load for nothing, as our chains carry no contracts and never take it.
      const client = config.getClient({ chainId: connection.chainId })
      const value = await client.request({
        method: 'eth_getBalance',
        params: [address as Address, 'latest'],
      })
      if (getAccount('eip155').address !== address) return
      const { decimals, symbol } = client.chain.nativeCurrency
      updateAccount('eip155', {
        balance: formatUnits(BigInt(value), decimals),
        balanceSymbol: symbol,
        balanceLoading: false,
      })
    } catch {
      // A late failure for an account no longer shown must not end the current one's loading.
      if (getAccount('eip155').address !== address) return
      updateAccount('eip155', { balanceLoading: false })
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
    async connect(connectorId) {
      const connector = config.connectors.find((entry) => entry.id === connectorId)
      if (!connector) throw new ConnectorNotFoundError()
      await connect(config, { connector })
    },
    async disconnect() {
      await disconnect(config)
    },
    async switchNetwork(network) {
      await switchChain(config, { chainId: Number(network.id) })
    },
    async reconnect() {
      await reconnect(config)
      syncConnection()
    },
    refreshBalance,
    destroy() {
      stopConnectors()
      stopConnection()
    },
  }
}
