// The demo host runs on the local chains (anvil as Ethereum, chain id 1, and as Base, 8453; our
// litesvm chain as Solana mainnet, which the server reads for solana:5eykt...): their
// transactions exist nowhere else, so no public explorer is claimed for them and the modal links
// none.
import { base, type CaipNetwork, mainnet, solana } from '@portico/core'

function withoutExplorer<Network extends CaipNetwork>(network: Network): Network {
  const { blockExplorers: _publicExplorer, ...local } = network
  return local as Network
}

export const localMainnet = withoutExplorer(mainnet)
export const localBase = withoutExplorer(base)
export const localSolana = withoutExplorer(solana)

/**
 * The demo's networks: Solana after the EVM ones, so the modal starts on Ethereum.
 * `?solana=off` leaves Solana out: one-click sign-in over WalletConnect is offered only when
 * every network is EVM (docs/product.md#states), and a reader may want to see it.
 */
export function pageNetworksOf(search: string): CaipNetwork[] {
  const evm = [localMainnet, localBase]
  return new URLSearchParams(search).get('solana') === 'off' ? evm : [...evm, localSolana]
}
