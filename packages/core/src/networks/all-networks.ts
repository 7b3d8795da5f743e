// Every network the spec defines, for lists and tests. Importing this bundles all of them;
// a page that needs a few imports those by name instead.
import { bitcoin, bitcoinTestnet } from './bip122-networks'
import { arbitrum, avalanche, base, mainnet, optimism, polygon } from './eip155-networks'
import type { CaipNetwork } from './network-types'
import { solana, solanaDevnet, solanaTestnet } from './solana-networks'

export const allNetworks: readonly CaipNetwork[] = [
  mainnet,
  optimism,
  polygon,
  base,
  arbitrum,
  avalanche,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
]
