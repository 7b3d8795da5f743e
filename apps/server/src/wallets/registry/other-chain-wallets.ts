// Registry data: wallets without EVM support: Solana, Bitcoin and Cosmos wallets.
// Public facts only (names, reverse-DNS ids, deep-link schemes, store pages). Ids are ours:
// sha256 of 'portico:wallet:<lowercase name>' when the wallet was added, then never changed.
import { BITCOIN_MAINNET, BITCOIN_TESTNET, COSMOS_HUB, OSMOSIS, SOLANA_ALL } from './chain-sets'
import { defineWallet, type WalletEntry } from './wallet-entry'

export const otherChainWallets: readonly WalletEntry[] = [
  defineWallet({
    id: 'c49d59e8eac4b3f5b850e620eecd4e9f71b2225441c4571ee4be3d13e50bb8f0',
    image_id: 'de72cb52-810e-4251-8e9d-42325aaf89a7',
    name: 'Solflare',
    order: 430,
    chains: [...SOLANA_ALL],
    homepage: 'https://solflare.com',
    app: {
      ios: 'https://apps.apple.com/app/solflare/id1580902717',
      android: 'https://play.google.com/store/apps/details?id=com.solflare.mobile',
      chrome: 'https://chrome.google.com/webstore/detail/bhhhlbepdkbapadjdnnojkbgioiodbic',
    },
  }),
  defineWallet({
    id: '7ad59713e53294f7436aebf56df2fff81e7837a2ae9b46ebbeedccee28831a98',
    image_id: '58a35668-9e21-407b-9a5f-0ac31d3ab99a',
    name: 'Keplr',
    order: 440,
    rdns: 'app.keplr',
    chains: [COSMOS_HUB, OSMOSIS],
    mobile: 'keplrwallet://',
    homepage: 'https://www.keplr.app',
    app: {
      ios: 'https://apps.apple.com/app/keplr-wallet/id1567851089',
      android: 'https://play.google.com/store/apps/details?id=com.chainapsis.keplr',
      chrome: 'https://chrome.google.com/webstore/detail/dmkamcknogkgcdfhhbddcghachkejeap',
    },
  }),
  defineWallet({
    id: 'cc1e510342ecdf16db7717915ae599d83624190081a49a4a839ae4631810e16a',
    image_id: '05474d08-5253-43d7-a535-95a34b958f73',
    name: 'Xverse',
    order: 450,
    chains: [BITCOIN_MAINNET, BITCOIN_TESTNET],
    homepage: 'https://www.xverse.app',
    app: {
      ios: 'https://apps.apple.com/app/xverse-bitcoin-web3-wallet/id1552272513',
      android: 'https://play.google.com/store/apps/details?id=com.secretkeylabs.xverse',
      chrome: 'https://chrome.google.com/webstore/detail/idnnbdplmphpflfnlkomgpfbpcgelopg',
    },
  }),
  defineWallet({
    id: 'd82933655a643517ab6835f9a2d24ba066012d16b50776e4494bfc578a412a33',
    image_id: '91eb1bcb-b68e-4201-9852-46331a5f68a3',
    name: 'Leather',
    order: 460,
    chains: [BITCOIN_MAINNET, BITCOIN_TESTNET],
    homepage: 'https://leather.io',
    app: { chrome: 'https://chrome.google.com/webstore/detail/ldinpeekobnhjjdofggfgjlcehhmanlj' },
  }),
  defineWallet({
    id: 'eae8e17b23cec98a504b7cad8780688d08bc5ae3a5229cb2c5a20fac106d0b6c',
    image_id: 'ef67d22c-a494-4429-870a-8889e96f1769',
    name: 'UniSat Wallet',
    order: 470,
    chains: [BITCOIN_MAINNET, BITCOIN_TESTNET],
    homepage: 'https://unisat.io',
    app: { chrome: 'https://chrome.google.com/webstore/detail/ppbibelpcjmhbdihakflkdcoccbgbkpo' },
  }),
]
