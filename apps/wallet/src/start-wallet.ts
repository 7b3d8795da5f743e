// The page's wallet: configuration from the build's env and the query string, one WalletKit
// client, and a `?uri=wc:…` link paired right away (a dapp or a test can open it directly).
import { readWalletConfig, type WalletEnv } from './walletkit/config'
import { Wallet } from './walletkit/wallet'

export async function startWallet(
  env: WalletEnv,
  location: { search: string; origin: string },
): Promise<Wallet> {
  const config = readWalletConfig(env, location.search)
  const wallet = await Wallet.create({ config, metadataUrl: location.origin, logger: 'error' })
  const uri = new URLSearchParams(location.search).get('uri')
  if (uri) wallet.pair(uri).catch(() => {}) // the failure shows in the page's alert
  return wallet
}
