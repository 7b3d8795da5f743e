import { useSyncExternalStore } from 'react'
import type { Wallet, WalletState } from './walletkit/wallet'

export function useWalletState(wallet: Wallet): WalletState {
  return useSyncExternalStore(wallet.subscribe, wallet.getState)
}
