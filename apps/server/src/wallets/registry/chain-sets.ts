// CAIP-2 ids the registry's wallets name, and the sets most wallets share.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'

export const ETHEREUM: CaipNetworkId = 'eip155:1'
export const OPTIMISM: CaipNetworkId = 'eip155:10'
export const BNB_SMART_CHAIN: CaipNetworkId = 'eip155:56'
export const POLYGON: CaipNetworkId = 'eip155:137'
export const BASE: CaipNetworkId = 'eip155:8453'
export const ARBITRUM: CaipNetworkId = 'eip155:42161'
export const AVALANCHE: CaipNetworkId = 'eip155:43114'

export const SOLANA_MAINNET: CaipNetworkId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOLANA_DEVNET: CaipNetworkId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
export const SOLANA_TESTNET: CaipNetworkId = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'

export const BITCOIN_MAINNET: CaipNetworkId = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET: CaipNetworkId = 'bip122:000000000933ea01ad0ee984209779ba'

export const COSMOS_HUB: CaipNetworkId = 'cosmos:cosmoshub-4'
export const OSMOSIS: CaipNetworkId = 'cosmos:osmosis-1'
export const POLKADOT: CaipNetworkId = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

/** The EVM mainnets an EVM wallet of the registry is listed for. */
export const EVM: readonly CaipNetworkId[] = [
  ETHEREUM,
  OPTIMISM,
  BNB_SMART_CHAIN,
  POLYGON,
  BASE,
  ARBITRUM,
  AVALANCHE,
]

export const SOLANA_ALL: readonly CaipNetworkId[] = [SOLANA_MAINNET, SOLANA_DEVNET, SOLANA_TESTNET]
