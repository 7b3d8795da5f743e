// Account state per chain namespace (docs/product.md#account-state). For EVM, filled from wagmi.
import type { ChainNamespace } from '../caip'
import { createStore } from './store'

export type AccountTab = 'tokens' | 'nfts' | 'activity'

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  identifier?: string
  social?: string
}

export interface NamespaceAccount {
  caipAddress: string | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  profileName: string | undefined
  profileImage: string | undefined
  addressExplorerUrl: string | undefined
  currentTab: AccountTab
  allAccounts: string[]
  connectedWalletInfo: ConnectedWalletInfo | undefined
  /** The provider of a social login into the embedded wallet (google, x, ...). */
  socialProvider: string | undefined
  /** Sign In With Farcaster's link (the auth channel's URL) while its channel is open. */
  farcasterUrl: string | undefined
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
}

export interface AccountState {
  byNamespace: Partial<Record<ChainNamespace, NamespaceAccount>>
}

export function emptyNamespaceAccount(): NamespaceAccount {
  return {
    caipAddress: undefined,
    address: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    balanceLoading: false,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: undefined,
    currentTab: 'tokens',
    allAccounts: [],
    connectedWalletInfo: undefined,
    socialProvider: undefined,
    farcasterUrl: undefined,
    status: 'disconnected',
  }
}

export const accountStore = /* @__PURE__ */ createStore<AccountState>(() => ({ byNamespace: {} }))

export function getAccount(namespace: ChainNamespace): NamespaceAccount {
  return accountStore.get().byNamespace[namespace] ?? emptyNamespaceAccount()
}

export function updateAccount(namespace: ChainNamespace, patch: Partial<NamespaceAccount>): void {
  accountStore.set((state) => ({
    byNamespace: { ...state.byNamespace, [namespace]: { ...getAccount(namespace), ...patch } },
  }))
}

export function setAccountTab(namespace: ChainNamespace, currentTab: AccountTab): void {
  updateAccount(namespace, { currentTab })
}

export function clearAccount(namespace: ChainNamespace): void {
  accountStore.set((state) => {
    // Nothing to clear: keep the snapshot, so subscribers are not told of a change.
    if (!(namespace in state.byNamespace)) return {}
    const { [namespace]: _removed, ...rest } = state.byNamespace
    return { byNamespace: rest }
  })
}

/** The namespaces whose account is connected now. */
export function connectedNamespaces(state: AccountState = accountStore.get()): ChainNamespace[] {
  return Object.entries(state.byNamespace)
    .filter(([, account]) => account.status === 'connected')
    .map(([namespace]) => namespace as ChainNamespace)
}
