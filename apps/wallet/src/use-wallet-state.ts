import { useSyncExternalStore } from 'react'
import type { Wallet } from './walletkit/wallet'
import type { WalletState } from './walletkit/wallet-state'

export function useWalletState(wallet: Wallet): WalletState {
  return useSyncExternalStore(wallet.subscribe, wallet.getState)
}
