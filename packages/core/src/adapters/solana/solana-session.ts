// The connected Solana wallet: connect, disconnect, and the reconnect after a reload. The wallet's
// name is stored (wallet-standard has no ids that outlive a page); on the next load the same
// wallet is asked to connect silently, which an extension grants without a prompt only for a
// site it has already authorised. Account changes arrive over standard:events.
import type { WalletAccount } from '@wallet-standard/base'
import { readStored, removeStored, writeStored } from '../../storage'
import { askWallet } from './solana-errors'
import {
  findSolanaWallet,
  SOLANA_CONNECTOR_PREFIX,
  type SolanaWallet,
  solanaConnectorId,
} from './solana-wallets'

export interface SolanaConnection {
  wallet: SolanaWallet
  /** The wallet's Solana accounts, the one flows act on first. */
  accounts: readonly WalletAccount[]
}

export interface SolanaSession {
  current(): SolanaConnection | undefined
  connect(walletId: string): Promise<void>
  reconnect(): Promise<void>
  disconnect(): Promise<void>
}

const solanaAccounts = (accounts: readonly WalletAccount[]) =>
  accounts.filter(
    (account) =>
      account.chains.length === 0 || account.chains.some((chain) => chain.startsWith('solana:')),
  )

export function createSolanaSession(options: {
  /** How long a reload waits for the stored wallet to register again. */
  reconnectWaitMs: number
  /** Called whenever the connection or its accounts change. */
  onChange(connection: SolanaConnection | undefined): void
}): SolanaSession {
  let connection: SolanaConnection | undefined
  let stopEvents: (() => void) | undefined

  function set(next: SolanaConnection | undefined) {
    connection = next
    options.onChange(next)
  }

  function forget() {
    stopEvents?.()
    stopEvents = undefined
    removeStored('solanaWallet')
    set(undefined)
  }

  function adopt(wallet: SolanaWallet, accounts: readonly WalletAccount[]) {
    const usable = solanaAccounts(accounts)
    if (usable.length === 0) {
      forget()
      return
    }
    stopEvents?.()
    // The wallet says when its accounts change (another account chosen, the site disconnected).
    stopEvents = wallet.features['standard:events']?.on('change', (changed) => {
      if (changed.accounts && connection?.wallet === wallet) adopt(wallet, changed.accounts)
    })
    writeStored('solanaWallet', wallet.name)
    set({ wallet, accounts: usable })
  }

  async function ask(wallet: SolanaWallet, silent: boolean) {
    const { accounts } = await askWallet(() =>
      wallet.features['standard:connect'].connect({ silent }),
    )
    return accounts
  }

  return {
    current: () => connection,
    async connect(walletId) {
      const name = walletId.slice(SOLANA_CONNECTOR_PREFIX.length)
      const wallet = await findSolanaWallet(name, 0)
      if (!wallet || solanaConnectorId(wallet) !== walletId) {
        throw new Error(`No Solana wallet named ${name} is installed`)
      }
      adopt(wallet, await ask(wallet, false))
      if (!connection) throw new Error(`${wallet.name} gave no Solana account`)
    },
    async reconnect() {
      const name = readStored('solanaWallet')
      if (name === undefined || connection) return
      const wallet = await findSolanaWallet(name, options.reconnectWaitMs)
      if (!wallet) {
        forget()
        return
      }
      // A silent connect that fails or gives nothing: the site is no longer authorised.
      adopt(wallet, await ask(wallet, true).catch(() => []))
    },
    async disconnect() {
      const wallet = connection?.wallet
      forget()
      await wallet?.features['standard:disconnect']?.disconnect()
    },
  }
}
