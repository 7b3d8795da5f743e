// The Wallet API the Connect view reads: the wallet list, images, the project's origins and analytics switch.
export const WALLETS_PATH = '/getWallets'
export const WALLET_IMAGE_PATH = '/getWalletImage/:imageId'
export const ASSET_IMAGE_PATH = '/public/getAssetImage/:id'
export const CURRENCY_IMAGE_PATH = '/public/getCurrencyImage/:id'
export const TOKEN_IMAGE_PATH = '/public/getTokenImage/:id'
export const PROJECT_ORIGINS_PATH = '/projects/v1/origins'
export const ANALYTICS_CONFIG_PATH = '/getAnalyticsConfig'
