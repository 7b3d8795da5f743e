// EVM networks of docs/product.md#network, as plain objects: a page bundles only those it imports.
// Name, coin and explorer come from the protocol's table, which the embedded wallet frame reads
// too; what only the modal needs (public RPC URLs, contracts) is added here. rpcUrls are the
// chains' public defaults, kept as data; the product sends RPC through its own server's proxy
// and never calls these.
import {
  ARBITRUM_ONE,
  AVALANCHE,
  BASE,
  ETHEREUM,
  type EvmNetworkInfo,
  OP_MAINNET,
  POLYGON,
} from '@portico/protocol/evm-networks'
import type { EvmNetwork } from './network-types'

const multicall3Address = '0xca11bde05977b3631167028862be2a173976ca11'

function evmNetwork(
  info: EvmNetworkInfo,
  rpcUrl: string,
  multicall3BlockCreated: number,
  extra: Partial<Pick<EvmNetwork, 'contracts' | 'sourceId'>> = {},
): EvmNetwork {
  return {
    id: info.id,
    name: info.name,
    nativeCurrency: info.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: info.explorer },
    contracts: {
      ...extra.contracts,
      multicall3: { address: multicall3Address, blockCreated: multicall3BlockCreated },
    },
    ...(extra.sourceId === undefined ? {} : { sourceId: extra.sourceId }),
    testnet: false,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${info.id}` as const,
  }
}

export const mainnet: EvmNetwork = /* @__PURE__ */ evmNetwork(
  ETHEREUM,
  'https://eth.merkle.io',
  14_353_601,
  {
    contracts: {
      ensUniversalResolver: {
        address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee',
        blockCreated: 23_085_558,
      },
    },
  },
)

export const optimism: EvmNetwork = /* @__PURE__ */ evmNetwork(
  OP_MAINNET,
  'https://mainnet.optimism.io',
  4_286_263,
  {
    sourceId: 1,
  },
)

export const polygon: EvmNetwork = /* @__PURE__ */ evmNetwork(
  POLYGON,
  'https://polygon-rpc.com',
  25_770_160,
)

export const base: EvmNetwork = /* @__PURE__ */ evmNetwork(BASE, 'https://mainnet.base.org', 5022, {
  sourceId: 1,
})

export const arbitrum: EvmNetwork = /* @__PURE__ */ evmNetwork(
  ARBITRUM_ONE,
  'https://arb1.arbitrum.io/rpc',
  7_654_707,
)

export const avalanche: EvmNetwork = /* @__PURE__ */ evmNetwork(
  AVALANCHE,
  'https://api.avax.network/ext/bc/C/rpc',
  11_907_934,
)
