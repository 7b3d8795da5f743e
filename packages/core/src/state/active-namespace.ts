// The active namespace and the account the modal acts on (docs/product.md#entities: account
// state per chain namespace, one active network). Each connected namespace's network is the one
// its account's CAIP-10 address names, so nothing here keeps a second copy; the active namespace
// is the active network's, and changing it goes through setActiveNetwork, which marks the
// namespace switch and resets the send draft. The account is read when a flow starts, so the
// flow keeps acting on it even if the visitor switches namespace meanwhile. Used only by code
// the modal loads: the page does not pay for it.
import type { ChainAccount } from '../adapters/chain-adapter'
import type { ChainNamespace } from '../caip'
import { PorticoError } from '../errors/portico-error'
import type { CaipNetwork } from '../networks'
import { type AccountState, accountStore, type NamespaceAccount } from './account'
import { networkStore, setActiveNetwork } from './network'

export function getActiveNamespace(): ChainNamespace | undefined {
  return networkStore.get().activeCaipNetwork?.chainNamespace
}

/** The requested network a namespace's connected account is on, if any. */
export function networkOfNamespace(namespace: ChainNamespace): CaipNetwork | undefined {
  const caipAddress = accountStore.get().byNamespace[namespace]?.caipAddress
  const caipNetworkId = caipAddress?.split(':').slice(0, 2).join(':')
  return networkStore
    .get()
    .requestedCaipNetworks.find((network) => network.caipNetworkId === caipNetworkId)
}

/** Makes a connected namespace the active one, on the network its account is on. */
export function setActiveNamespace(namespace: ChainNamespace): void {
  const network = networkOfNamespace(namespace)
  if (network) setActiveNetwork(network)
}

/** The active namespace's account entry; with no active network, the first connected one. */
export function activeNamespaceAccount(
  accounts: AccountState = accountStore.get(),
  namespace: ChainNamespace | undefined = getActiveNamespace(),
): NamespaceAccount | undefined {
  if (namespace) return accounts.byNamespace[namespace]
  return Object.values(accounts.byNamespace).find((entry) => entry.status === 'connected')
}

/** The connected account of a namespace as a flow takes it, or undefined. */
export function chainAccountOf(entry: NamespaceAccount | undefined): ChainAccount | undefined {
  if (entry?.status !== 'connected' || !entry.caipAddress || !entry.address) return undefined
  const [namespace, reference] = entry.caipAddress.split(':')
  if (!namespace || !reference) return undefined
  return {
    namespace: namespace as ChainNamespace,
    caipNetworkId: `${namespace}:${reference}`,
    address: entry.address,
    caipAddress: entry.caipAddress,
  }
}

export function getActiveChainAccount(): ChainAccount | undefined {
  return chainAccountOf(activeNamespaceAccount())
}

/** No connected account to act on (the wallet went away while a view was open). */
export class NoActiveAccountError extends PorticoError {
  override name = 'NoActiveAccountError'
  constructor() {
    super('Address or auth connector not found')
  }
}

export function requireActiveChainAccount(): ChainAccount {
  const account = getActiveChainAccount()
  if (!account) throw new NoActiveAccountError()
  return account
}
