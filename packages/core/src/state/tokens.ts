// Tokens tab (docs/product.md#balance-fetch): the account's token balances on the active network,
// from the wallet's own answer when its adapter has one (on EVM the EIP-7811 asset query,
// adapters/evm/wallet-assets.ts), else from the balance API. Entries with 0 decimals are
// dropped either way.
import type { TokenBalance } from '../api/blockchain'
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
