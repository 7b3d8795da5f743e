// The EVM networks the product knows (docs/product.md#network): the name people read, the
// native coin and the block explorer. Declared once here so the modal (core's network objects)
// and the embedded wallet frame (its confirm names the network and links nothing it does not
// know) read the same table. Plain data, no schema library: the browser imports it, and each
// network is its own export, so a page bundles only those it names.

export interface EvmNativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface EvmExplorer {
  name: string
  url: string
  apiUrl?: string
}

export interface EvmNetworkInfo {
  /** The EIP-155 chain id. */
  id: number
  name: string
  nativeCurrency: EvmNativeCurrency
  explorer: EvmExplorer
}

/** Ether: the coin of most EVM networks, and of any chain the table does not know. */
export const ETHER: EvmNativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const ETHEREUM: EvmNetworkInfo = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ETHER,
  explorer: {
    name: 'Etherscan',
    url: 'https://etherscan.io',
    apiUrl: 'https://api.etherscan.io/api',
  },
}

export const OP_MAINNET: EvmNetworkInfo = {
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ETHER,
  explorer: {
    name: 'Optimism Explorer',
    url: 'https://optimistic.etherscan.io',
    apiUrl: 'https://api-optimistic.etherscan.io/api',
  },
}

export const POLYGON: EvmNetworkInfo = {
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  explorer: {
    name: 'PolygonScan',
    url: 'https://polygonscan.com',
    apiUrl: 'https://api.polygonscan.com/api',
  },
}

export const BASE: EvmNetworkInfo = {
  id: 8453,
  name: 'Base',
  nativeCurrency: ETHER,
  explorer: {
    name: 'Basescan',
    url: 'https://basescan.org',
    apiUrl: 'https://api.basescan.org/api',
  },
}

export const ARBITRUM_ONE: EvmNetworkInfo = {
  id: 42_161,
  name: 'Arbitrum One',
  nativeCurrency: ETHER,
  explorer: { name: 'Arbiscan', url: 'https://arbiscan.io', apiUrl: 'https://api.arbiscan.io/api' },
}

export const AVALANCHE: EvmNetworkInfo = {
  id: 43_114,
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  explorer: { name: 'SnowTrace', url: 'https://snowtrace.io', apiUrl: 'https://api.snowtrace.io' },
}

/** Every EVM network the product knows, in the spec's order. */
export const EVM_NETWORKS: readonly EvmNetworkInfo[] = [
  ETHEREUM,
  OP_MAINNET,
  POLYGON,
  BASE,
  ARBITRUM_ONE,
  AVALANCHE,
]

/** The known network of `chainId`, or undefined for a chain the product does not know. */
export function findEvmNetworkInfo(chainId: number): EvmNetworkInfo | undefined {
  return EVM_NETWORKS.find((network) => network.id === chainId)
}
