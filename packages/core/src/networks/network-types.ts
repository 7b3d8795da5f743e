// The Network entity of docs/product.md#network. EVM networks are viem `Chain`s as well, so they go
// straight into wagmi and viem; only the type is imported from viem, never its chain list.
import type { Chain } from 'viem'
import type { CaipNetworkId, ChainNamespace } from '../caip'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface BlockExplorer {
  name: string
  url: string
  apiUrl?: string
}

interface NetworkFields<Namespace extends ChainNamespace> {
  chainNamespace: Namespace
  caipNetworkId: CaipNetworkId
  /** An older id wallets may still report (Solana's former genesis-hash form). */
  deprecatedCaipNetworkId?: CaipNetworkId
  testnet: boolean
  /**
   * The host's own image of the network (a relative or data: URL). Without it the modal shows the
   * Wallet API's, /public/getAssetImage/{caipNetworkId}, which a self-hosted server may replace.
   */
  imageUrl?: string
}

export type EvmNetwork = Chain & NetworkFields<'eip155'> & { caipNetworkId: `eip155:${number}` }

export interface NonEvmNetwork<Namespace extends 'solana' | 'bip122'>
  extends NetworkFields<Namespace> {
  /** The CAIP-2 reference: Solana's and Bitcoin's genesis-hash prefix. */
  id: string
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: BlockExplorer }
}

export type SolanaNetwork = NonEvmNetwork<'solana'>
export type BitcoinNetwork = NonEvmNetwork<'bip122'>

export type CaipNetwork = EvmNetwork | SolanaNetwork | BitcoinNetwork
