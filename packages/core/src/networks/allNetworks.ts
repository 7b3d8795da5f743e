// Every network the spec defines, for lists and tests. Importing this bundles all of them;
// a page that needs a few imports those by name instead.
import { bitcoin, bitcoinTestnet } from './bip122Networks'
import { arbitrum, avalanche, base, mainnet, optimism, polygon } from './eip155Networks'
import type { CaipNetwork } from './networkTypes'
import { solana, solanaDevnet, solanaTestnet } from './solanaNetworks'

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
