// Lookups over the networks a caller holds (usually the app's requested networks). They take
// the list as input, so no network is bundled by merely using them.
import type { CaipNetwork } from './network-types'

/** Matches the current CAIP-2 id or a deprecated one a wallet may still report. */
export function findNetworkByCaipId(
  networks: readonly CaipNetwork[],
  caipNetworkId: string,
): CaipNetwork | undefined {
  return networks.find(
    (network) =>
      network.caipNetworkId === caipNetworkId || network.deprecatedCaipNetworkId === caipNetworkId,
  )
}

/** An EVM network by its numeric chain id. */
export function findEvmNetwork(
  networks: readonly CaipNetwork[],
  chainId: number,
): CaipNetwork | undefined {
  return networks.find((network) => network.chainNamespace === 'eip155' && network.id === chainId)
}
