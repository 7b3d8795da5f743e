// The EVM adapter: derives the modal's stores from @wagmi/core's state, so a host's own wagmi
// hooks and the modal always agree (ARCHITECTURE.md, "How data flows"). What it does on request
// (connect, disconnect, switch) is in evmActions.ts, loaded only when a view asks.
import {
  type Config,
  getConnection,
  reconnect,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { type BlockchainApi, findNativeBalance } from '../../api/blockchain'
import type { CaipNetwork } from '../../networks'
import { clearAccount, getAccount, updateAccount } from '../../state/account'
import { fetchBalancesThroughGate } from '../../state/balanceRetryGate'
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
  /** Resyncs a stored session: connecting, then connected or disconnected (spec section 4). */
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
  /** Where balances come from (our server's balance API); without it none are read. */
  balances?: Pick<BlockchainApi, 'fetchBalances'>
}

export function createEvmAdapter(config: Config, options: EvmAdapterOptions = {}): EvmAdapter {
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

  async function refreshBalance(refresh: { forceUpdate?: boolean } = {}) {
    const connection = getConnection(config)
    if (connection.status !== 'connected') return
    const network = networkFor(connection.chainId)
    if (!network || !options.balances) return
    const caipAddress = `${network.caipNetworkId}:${connection.address}`
    updateAccount('eip155', { balanceLoading: true })
    // The balance API rather than eth_getBalance: one cached answer per account on the server,
    // and the same one the Tokens tab shows. A failure closes the retry gate for 30 s and shows
    // 'Token Balance Unavailable' (state/balanceRetryGate.ts).
    const result = await fetchBalancesThroughGate(
      options.balances,
      connection.address,
      network.caipNetworkId,
      refresh,
    )
    // A late answer for an account (or chain) no longer shown must not touch the current one.
    if (getAccount('eip155').caipAddress !== caipAddress) return
    if (result.status !== 'fetched') {
      updateAccount('eip155', { balanceLoading: false })
      return
    }
    const native = findNativeBalance(result.balances)
    updateAccount('eip155', {
      balance: native?.quantity.numeric ?? '0',
      balanceSymbol: native?.symbol ?? network.nativeCurrency.symbol,
      balanceLoading: false,
    })
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
      stopConnectors()
      stopConnection()
    },
  }
}
