// The demo host runs on the local chains (anvil as Ethereum, chain id 1, and as Base, 8453):
// their transactions exist nowhere else, so no public explorer is claimed for them and the
// modal links none.
import { base, type EvmNetwork, mainnet } from '@portico/core'

function withoutExplorer(network: EvmNetwork): EvmNetwork {
  const { blockExplorers: _publicExplorer, ...local } = network
  return local
}

export const localMainnet = withoutExplorer(mainnet)
export const localBase = withoutExplorer(base)
