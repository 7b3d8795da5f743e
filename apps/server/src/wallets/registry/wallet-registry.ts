// The wallet registry: every wallet the Wallet API lists, in list order. The data lives in the
// *-wallets.ts files beside this one; checkRegistry finds mistakes in it (tests run it, and the
// server refuses to start on a registry it would answer wrongly from).
import { evmWallets } from './evm-wallets'
import { multichainWallets } from './multichain-wallets'
import { otherChainWallets } from './other-chain-wallets'
import type { WalletEntry } from './wallet-entry'
import { checkRegistry } from './wallet-registry-check'

function loadRegistry(): readonly WalletEntry[] {
  const entries = [...evmWallets, ...multichainWallets, ...otherChainWallets].sort(
    (a, b) => a.order - b.order,
  )
  const problems = checkRegistry(entries)
  if (problems.length > 0) throw new Error(`The wallet registry is wrong:\n${problems.join('\n')}`)
  return entries
}

/** Every wallet, ordered by `order`. */
export const walletRegistry: readonly WalletEntry[] = loadRegistry()
