// Wallet connection state (docs/product.md#wallet-connection-state). For EVM the adapter
// derives `status` from wagmi; this store never keeps a second copy of accounts or chains.
import type { ChainNamespace } from '../caip'
import { RECENT_WALLETS_LIMIT } from '../constants'
import { readStored, removeStored, writeStored } from '../storage'
import { createStore } from './store'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export type ConnectorType =
  | 'EXTERNAL'
  | 'WALLET_CONNECT'
  | 'INJECTED'
  | 'ANNOUNCED'
  | 'AUTH'
  | 'MULTI_CHAIN'

export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
}

export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
}

export interface ConnectionState {
  status: ConnectionStatus
  connectors: Connector[]
  /** The connector a pending or failed attempt used, so a retry can use it again. */
  pendingConnectorId: string | undefined
  recentWallets: RecentWallet[]
  wcUri: string | undefined
  wcPairingExpiry: number | undefined
  wcLinking: { name: string; href: string } | undefined
  wcError: boolean
  buffering: boolean
  /** The last attempt's failure, shown by the connecting views. */
  error: { code?: number; message: string } | undefined
}

/** What a reset clears: the attempt, the pairing and its error. */
function idleAttempt() {
  return {
    status: 'disconnected',
    pendingConnectorId: undefined,
    wcUri: undefined,
    wcPairingExpiry: undefined,
    wcLinking: undefined,
    wcError: false,
    buffering: false,
    error: undefined,
  } satisfies Partial<ConnectionState>
}

function initialConnectionState(): ConnectionState {
  return { ...idleAttempt(), connectors: [], recentWallets: readStored('recentWallets') ?? [] }
}

export const connectionStore = /* @__PURE__ */ createStore(initialConnectionState)

export function getConnectionStatus(): ConnectionStatus {
  return connectionStore.get().status
}

/**
 * Stores settled states (connected, disconnected), and only when the status changes: the
 * adapter reports the 'disconnected' the store starts in as soon as it is created, and that
 * must not erase the stored session a page load is about to resume (docs/product.md#connection).
 */
export function setConnectionStatus(status: ConnectionStatus): void {
  if (connectionStore.get().status === status) return
  connectionStore.set({ status })
  if (status === 'connected' || status === 'disconnected') writeStored('connectionStatus', status)
}

/**
 * Replaces the connectors of one namespace (each adapter lists its own wallets), keeping the
 * others'. The eip155 ones stay first: the Connect view lists in store order.
 */
export function setConnectors(connectors: Connector[], namespace: ChainNamespace = 'eip155'): void {
  const others = connectionStore.get().connectors.filter((entry) => entry.chain !== namespace)
  const mine = connectors.filter((entry) => entry.chain === namespace)
  connectionStore.set({
    connectors: namespace === 'eip155' ? [...mine, ...others] : [...others, ...mine],
  })
}

/**
 * The status of the whole connection when one namespace reports its own: a namespace going
 * away leaves the connection connected while another namespace's account still is.
 */
export function connectionStatusWith(
  namespace: ChainNamespace,
  status: ConnectionStatus,
  connectedNamespaces: readonly ChainNamespace[],
): ConnectionStatus {
  if (status === 'connected') return status
  return connectedNamespaces.some((other) => other !== namespace) ? 'connected' : status
}

export function startConnecting(connectorId: string): void {
  connectionStore.set({ pendingConnectorId: connectorId, error: undefined })
}

export function setConnectionError(error: { code?: number; message: string } | undefined): void {
  connectionStore.set({ error })
}

/** Most recent first, one entry per wallet, at most RECENT_WALLETS_LIMIT (spec: 2). */
export function addRecentWallet(wallet: RecentWallet): void {
  const others = connectionStore.get().recentWallets.filter((entry) => entry.id !== wallet.id)
  const recentWallets = [wallet, ...others].slice(0, RECENT_WALLETS_LIMIT)
  connectionStore.set({ recentWallets })
  writeStored('recentWallets', recentWallets)
}

/** Orders connectors for the Connect view: recent wallets first, then the rest as announced. */
export function connectorsRecentFirst(state: ConnectionState = connectionStore.get()): Connector[] {
  const rank = (connector: Connector) => {
    const index = state.recentWallets.findIndex(
      (wallet) =>
        wallet.id === connector.id || (wallet.rdns && wallet.rdns === connector.info?.rdns),
    )
    return index === -1 ? Number.POSITIVE_INFINITY : index
  }
  return [...state.connectors].sort((a, b) => rank(a) - rank(b))
}

export function isRecentConnector(connector: Connector, state = connectionStore.get()): boolean {
  return state.recentWallets.some(
    (wallet) => wallet.id === connector.id || (wallet.rdns && wallet.rdns === connector.info?.rdns),
  )
}

/** Back to disconnected; clears the pairing and the stored deep link (docs/product.md#states). */
export function resetConnection(): void {
  connectionStore.set(idleAttempt())
  removeStored('deepLink')
  writeStored('connectionStatus', 'disconnected')
}
