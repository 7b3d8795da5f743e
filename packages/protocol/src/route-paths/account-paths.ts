// What Account reads: balances, history, NFTs, identity, prices, the supported chains.
export const ACCOUNT_BALANCE_PATH = '/v1/account/:address/balance'
export const ACCOUNT_HISTORY_PATH = '/v1/account/:account/history'
export const ACCOUNT_NFTS_PATH = '/v1/account/:account/nfts'
export const IDENTITY_PATH = '/v1/identity/:address'
export const FUNGIBLE_PRICE_PATH = '/v1/fungible/price'
export const SUPPORTED_CHAINS_PATH = '/v1/supported-chains'
