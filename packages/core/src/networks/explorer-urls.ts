// Links to a network's block explorer. Explorer base URLs may carry a path (Blockstream's
// /testnet) or a query (Solscan's ?cluster=devnet): both are kept.
import type { ChainNamespace } from '../caip'
import type { CaipNetwork } from './network-types'

const explorerPaths: Record<ChainNamespace, { address: string; transaction: string }> = {
  eip155: { address: 'address', transaction: 'tx' },
  solana: { address: 'account', transaction: 'tx' },
  bip122: { address: 'address', transaction: 'tx' },
}

function explorerUrl(network: CaipNetwork, segment: string, id: string): string | undefined {
  const explorer = network.blockExplorers?.default.url
  if (!explorer || !id) return undefined
  const url = new URL(explorer)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${segment}/${encodeURIComponent(id)}`
  return url.toString()
}

/** The explorer page of an address, or undefined when the network has no explorer. */
export function explorerAddressUrl(network: CaipNetwork, address: string): string | undefined {
  return explorerUrl(network, explorerPaths[network.chainNamespace].address, address)
}

/** The explorer page of a transaction, or undefined when the network has no explorer. */
export function explorerTransactionUrl(network: CaipNetwork, hash: string): string | undefined {
  return explorerUrl(network, explorerPaths[network.chainNamespace].transaction, hash)
}
