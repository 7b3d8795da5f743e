// The wallet's own balances on EVM: EIP-7811 wallet_getAssets on the connected wallet's
// provider, accepted only when every asset passes the spec's shape rules
// (docs/product.md#balance-fetch); otherwise the caller asks our balance API.
import { formatUnits } from 'viem'
import { NATIVE_TOKEN_ADDRESS, type TokenBalance } from '../../api/blockchain'

/** docs/product.md#wallet-asset. */
export interface WalletAsset {
  address: string
  /** Hex quantity in the token's smallest unit. */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: {
    name: string
    symbol: string
    decimals: number
    price: number
    iconUrl: string
    value?: number
  }
}

/**
 * docs/product.md#validation: an asset answer is taken only if every asset has a string address, a
 * string balance, type ERC20 or NATIVE, and metadata with string name and symbol, numeric
 * decimals and price, and an iconUrl.
 */
export function isWalletAsset(value: unknown): value is WalletAsset {
  if (typeof value !== 'object' || value === null) return false
  const asset = value as Partial<Record<keyof WalletAsset, unknown>>
  const metadata = asset.metadata as Partial<Record<string, unknown>> | null | undefined
  return (
    typeof asset.address === 'string' &&
    typeof asset.balance === 'string' &&
    (asset.type === 'ERC20' || asset.type === 'NATIVE') &&
    typeof metadata === 'object' &&
    metadata !== null &&
    typeof metadata.name === 'string' &&
    typeof metadata.symbol === 'string' &&
    typeof metadata.decimals === 'number' &&
    typeof metadata.price === 'number' &&
    typeof metadata.iconUrl === 'string'
  )
}

/**
 * The assets of one chain in a wallet_getAssets answer, if the answer is acceptable: an
 * EIP-7811 map from hex chain id to assets (or a bare list), every asset of the right shape.
 * Anything else is undefined, and the balance API is asked instead.
 */
export function acceptedWalletAssets(answer: unknown, chainId: number): WalletAsset[] | undefined {
  let assets: unknown = answer
  if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) {
    const byChain = answer as Record<string, unknown>
    assets = byChain[`0x${chainId.toString(16)}`] ?? byChain[String(chainId)]
  }
  if (!Array.isArray(assets) || !assets.every(isWalletAsset)) return undefined
  return assets
}

/** Wallet assets as token balances (docs/product.md#token-balance), 0-decimal entries dropped. */
export function walletAssetsToBalances(
  assets: readonly WalletAsset[],
  caipNetworkId: string,
): TokenBalance[] {
  // Entries with 0 decimals stay: the tokens store drops them, whatever their source.
  return assets.map((asset) => {
    const { decimals, price } = asset.metadata
    let numeric = '0'
    try {
      numeric = formatUnits(BigInt(asset.balance), decimals)
    } catch {
      // A balance that is no number counts as none.
    }
    const token = asset.type === 'NATIVE' ? NATIVE_TOKEN_ADDRESS : asset.address
    return {
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: caipNetworkId,
      address: `${caipNetworkId}:${token}`,
      price,
      value: asset.metadata.value ?? Number(numeric) * price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: asset.metadata.iconUrl,
    }
  })
}

export interface AssetsProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** A provider that knows what it answers (the embedded wallet's) says so here. */
  answers?(method: string): boolean
  /** A WalletConnect provider's session: what the wallet agreed to answer. */
  session?: { namespaces?: Record<string, { methods?: readonly string[] }> }
}

/**
 * Whether to ask the wallet at all. A WalletConnect provider sends a method its session does
 * not list to the RPC endpoint instead, where it is refused (a 400 in the console of every
 * WalletConnect connection); an injected wallet is asked and says itself if it cannot.
 */
function mayAnswer(provider: AssetsProvider, method: string): boolean {
  if (provider.answers) return provider.answers(method)
  const namespaces = provider.session?.namespaces
  if (!namespaces) return true
  return Object.values(namespaces).some((namespace) => namespace.methods?.includes(method))
}

/** The wallet's assets on the chain, if it answers wallet_getAssets acceptably. */
export async function requestWalletAssets(
  provider: AssetsProvider | undefined,
  address: string,
  chainId: number,
  caipNetworkId: string,
): Promise<TokenBalance[] | undefined> {
  if (!provider || !mayAnswer(provider, 'wallet_getAssets')) return undefined
  try {
    const answer = await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [`0x${chainId.toString(16)}`] }],
    })
    const assets = acceptedWalletAssets(answer, chainId)
    return assets ? walletAssetsToBalances(assets, caipNetworkId) : undefined
  } catch {
    // Unsupported (4200, -32601) or failed: the balance API answers instead.
    return undefined
  }
}
