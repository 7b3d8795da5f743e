// Network state (docs/product.md#entities): the active network, the networks the app requested, the
// ones the wallet approved. Changing namespace marks a namespace switch (docs/product.md#states).
import type { CaipNetwork } from '../networks'
import { createStore } from './store'

export interface NetworkState {
  activeCaipNetwork: CaipNetwork | undefined
  requestedCaipNetworks: CaipNetwork[]
  approvedCaipNetworkIds: string[]
  supportsAllNetworks: boolean
  /** The chain id the wallet reports when it is on a network the app did not request. */
  unsupportedChainId: number | undefined
  isSwitchingNamespace: boolean
}

export const networkStore = /* @__PURE__ */ createStore<NetworkState>(() => ({
  activeCaipNetwork: undefined,
  requestedCaipNetworks: [],
  approvedCaipNetworkIds: [],
  supportsAllNetworks: true,
  unsupportedChainId: undefined,
  isSwitchingNamespace: false,
}))

type NamespaceSwitchListener = () => void
const namespaceSwitchListeners = new Set<NamespaceSwitchListener>()

/** Stores that keep per-namespace drafts (send) register here instead of being imported. */
export function onNamespaceSwitch(listener: NamespaceSwitchListener): () => void {
  namespaceSwitchListeners.add(listener)
  return () => namespaceSwitchListeners.delete(listener)
}

export function setRequestedNetworks(networks: CaipNetwork[]): void {
  networkStore.set({ requestedCaipNetworks: networks })
}

export function setApprovedNetworkIds(ids: string[]): void {
  networkStore.set({ approvedCaipNetworkIds: ids })
}

export function setActiveNetwork(network: CaipNetwork | undefined): void {
  const previous = networkStore.get().activeCaipNetwork
  const isSwitchingNamespace =
    previous !== undefined &&
    network !== undefined &&
    previous.chainNamespace !== network.chainNamespace
  networkStore.set({
    activeCaipNetwork: network,
    unsupportedChainId: undefined,
    isSwitchingNamespace,
  })
  if (isSwitchingNamespace) for (const listener of namespaceSwitchListeners) listener()
}

/** The wallet sits on a chain the app did not request. */
export function setUnsupportedChain(chainId: number): void {
  networkStore.set({ unsupportedChainId: chainId })
}

export function isNetworkRequested(caipNetworkId: string): boolean {
  return networkStore.get().requestedCaipNetworks.some((net) => net.caipNetworkId === caipNetworkId)
}

export function clearNetwork(): void {
  networkStore.set({
    unsupportedChainId: undefined,
    approvedCaipNetworkIds: [],
    isSwitchingNamespace: false,
  })
}
