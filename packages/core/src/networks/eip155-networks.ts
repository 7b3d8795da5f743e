// EVM networks of docs/product.md#network, as plain objects: a page bundles only those it imports.
// rpcUrls are the chains' public defaults, kept as data; the product sends RPC through its own
// server's proxy and never calls these.
import type { EvmNetwork } from './network-types'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const multicall3Address = '0xca11bde05977b3631167028862be2a173976ca11'

export const mainnet: EvmNetwork = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: {
    default: {
      name: 'Etherscan',
      url: 'https://etherscan.io',
      apiUrl: 'https://api.etherscan.io/api',
    },
  },
  contracts: {
    ensUniversalResolver: {
      address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee',
      blockCreated: 23_085_558,
    },
    multicall3: { address: multicall3Address, blockCreated: 14_353_601 },
  },
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
}

export const optimism: EvmNetwork = {
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: {
    default: {
      name: 'Optimism Explorer',
      url: 'https://optimistic.etherscan.io',
      apiUrl: 'https://api-optimistic.etherscan.io/api',
    },
  },
  contracts: { multicall3: { address: multicall3Address, blockCreated: 4_286_263 } },
  sourceId: 1,
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:10',
}

export const polygon: EvmNetwork = {
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: {
    default: {
      name: 'PolygonScan',
      url: 'https://polygonscan.com',
      apiUrl: 'https://api.polygonscan.com/api',
    },
  },
  contracts: { multicall3: { address: multicall3Address, blockCreated: 25_770_160 } },
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:137',
}

export const base: EvmNetwork = {
  id: 8453,
  name: 'Base',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: {
    default: {
      name: 'Basescan',
      url: 'https://basescan.org',
      apiUrl: 'https://api.basescan.org/api',
    },
  },
  contracts: { multicall3: { address: multicall3Address, blockCreated: 5022 } },
  sourceId: 1,
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:8453',
}

export const arbitrum: EvmNetwork = {
  id: 42_161,
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: {
    default: {
      name: 'Arbiscan',
      url: 'https://arbiscan.io',
      apiUrl: 'https://api.arbiscan.io/api',
    },
  },
  contracts: { multicall3: { address: multicall3Address, blockCreated: 7_654_707 } },
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:42161',
}

export const avalanche: EvmNetwork = {
  id: 43_114,
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
  blockExplorers: {
    default: { name: 'SnowTrace', url: 'https://snowtrace.io', apiUrl: 'https://api.snowtrace.io' },
  },
  contracts: { multicall3: { address: multicall3Address, blockCreated: 11_907_934 } },
  testnet: false,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:43114',
}
