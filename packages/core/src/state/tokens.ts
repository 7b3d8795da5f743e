// Tokens tab (docs/product.md#balance-fetch): the account's token balances on the active network,
// from the wallet's asset query (EIP-7811 wallet_getAssets) when its answer passes the spec's
// shape rules, else from the balance API. Entries with 0 decimals are dropped either way.
import { formatUnits } from 'viem'
import { NATIVE_TOKEN_ADDRESS, type TokenBalance } from '../api/blockchain'
import { createStore } from './store'

export interface TokensState {
  /** `caipNetworkId:address` the balances are of. */
  caipAddress: string | undefined
  balances: TokenBalance[]
  /** Where the balances came from: the wallet's asset query or our balance API. */
  source: 'wallet' | 'api' | undefined
  loading: boolean
  /** The last fetch failed (the 'Token Balance Unavailable' toast was shown). */
  failed: boolean
}

export const tokensStore = /* @__PURE__ */ createStore<TokensState>(() => ({
  caipAddress: undefined,
  balances: [],
  source: undefined,
  loading: false,
  failed: false,
}))

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
  return dropZeroDecimalEntries(
    assets.map((asset) => {
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
    }),
  )
}

/** docs/product.md#token-balance: token balances with 0 decimals are dropped. */
export function dropZeroDecimalEntries(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) !== 0)
}

/** The USD total at the top of the Tokens tab. */
export function totalUsdValue(balances: readonly TokenBalance[]): number {
  return balances.reduce((total, balance) => total + (balance.value ?? 0), 0)
}

export function startTokensFetch(caipAddress: string): void {
  const same = tokensStore.get().caipAddress === caipAddress
  tokensStore.set({
    caipAddress,
    loading: true,
    failed: false,
    // Another account or network: its old balances must not show meanwhile.
    ...(same ? {} : { balances: [], source: undefined }),
  })
}

export function setTokens(
  caipAddress: string,
  balances: TokenBalance[],
  source: 'wallet' | 'api',
): void {
  if (tokensStore.get().caipAddress !== caipAddress) return
  tokensStore.set({ balances: dropZeroDecimalEntries(balances), source, loading: false })
}

export function failTokensFetch(caipAddress: string): void {
  if (tokensStore.get().caipAddress !== caipAddress) return
  tokensStore.set({ loading: false, failed: true })
}

export function clearTokens(): void {
  tokensStore.reset()
}
