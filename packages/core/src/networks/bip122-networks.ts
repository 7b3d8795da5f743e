// Bitcoin networks (CAIP-2 namespace bip122; the reference is the genesis block hash prefix).
// The rpcUrls are Esplora REST endpoints kept as data; the product never calls them.
import type { BitcoinNetwork } from './network-types'

const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

export const bitcoin: BitcoinNetwork = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://blockstream.info/api'] } },
  blockExplorers: { default: { name: 'Blockstream', url: 'https://blockstream.info' } },
  testnet: false,
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
}

export const bitcoinTestnet: BitcoinNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://blockstream.info/testnet/api'] } },
  blockExplorers: { default: { name: 'Blockstream', url: 'https://blockstream.info/testnet' } },
  testnet: true,
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
}
