// Where a finished transaction can be looked at: its network's name and, where the network has
// a block explorer, the transaction's page there. Send, swap and buy results all show these.
import { explorerTransactionUrl } from '../networks/explorer-urls'
import { findNetworkByCaipId } from '../networks/find-network'
import { networkStore } from '../state/network'

export interface TransactionLink {
  networkName: string | undefined
  explorerUrl: string | undefined
}

/** The link of `hash` on the network `caipNetworkId` (the active one when absent). */
export function transactionLink(hash: string, caipNetworkId?: string): TransactionLink {
  const { activeCaipNetwork, requestedCaipNetworks } = networkStore.get()
  const network =
    caipNetworkId === undefined
      ? activeCaipNetwork
      : (findNetworkByCaipId(requestedCaipNetworks, caipNetworkId) ??
        (activeCaipNetwork?.caipNetworkId === caipNetworkId ? activeCaipNetwork : undefined))
  return {
    networkName: network?.name,
    explorerUrl: network ? explorerTransactionUrl(network, hash) : undefined,
  }
}
