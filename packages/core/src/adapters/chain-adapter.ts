// The seam every chain namespace implements (eip155 on wagmi now; solana and bip122 join by
// adding an adapter). The modal's flows (send, balances, onramp, receive) call this interface
// with the account they act on, never a namespace's own library: only adapters/evm imports
// @wagmi/core (adapters/wagmi-import-guard.test.ts). Types only: the page pays nothing for it.
import type { TokenBalance } from '../api/blockchain'
import type { ChainNamespace } from '../caip'
import type { CaipNetwork } from '../networks'
import type { Connector } from '../state/connection'

/** The account a flow acts on: one connected address on one network. */
export interface ChainAccount {
  namespace: ChainNamespace
  /** `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp` */
  caipNetworkId: string
  address: string
  /** `${caipNetworkId}:${address}` */
  caipAddress: string
}

/** A transfer built for an account from the send draft: what the wallet is asked to sign. */
export interface ChainTransfer {
  account: ChainAccount
  token: TokenBalance
  /** The amount as the visitor typed it, in the token's units (`0.5`). */
  amount: string
  /** The same in the token's smallest unit (wei, lamports, base units). */
  units: bigint
  receiver: string
  /** The network's own coin (ETH, SOL) rather than a token contract or mint. */
  native: boolean
}

/** What a transfer costs beyond its amount, in the native coin's smallest unit. */
export interface TransferCosts {
  /** The network fee. */
  fee: bigint
  /**
   * Rent the sender pays for an account the transfer creates (a Solana receiver's new token
   * account); 0 where nothing is created, and always on EVM networks.
   */
  rent: bigint
}

export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** The wallets found for this namespace (announced, injected, the configured ones). */
  listWallets(): Connector[]
  connect(walletId: string): Promise<void>
  /** Resyncs a stored session: connecting, then connected or disconnected. */
  reconnect(): Promise<void>
  disconnect(): Promise<void>
  /** The connected accounts, the active one first; none when disconnected. */
  getAccounts(): ChainAccount[]
  /**
   * The wallet's own answer for the account's native and token balances, when it gives one
   * the spec accepts; undefined sends the caller to the balance API.
   */
  requestWalletBalances(account: ChainAccount): Promise<TokenBalance[] | undefined>
  buildTransfer(
    account: ChainAccount,
    draft: Omit<ChainTransfer, 'account' | 'native'>,
  ): ChainTransfer
  /** The network fee of the transfer and the rent of any account it creates. */
  estimateTransferCosts(transfer: ChainTransfer): Promise<TransferCosts>
  /** The fee to keep back when the whole native balance is sent (Max), smallest unit. */
  estimateMaxTransferFee(account: ChainAccount): Promise<bigint>
  /** Has the wallet sign and send the transfer; resolves with its hash or signature. */
  sendTransfer(transfer: ChainTransfer): Promise<string>
  /** Resolves once the chain has the transfer; throws if it failed or was not seen in time. */
  waitForTransfer(account: ChainAccount, hash: string): Promise<void>
  /** A plain-text message signed by the account's wallet (personal_sign, signMessage). */
  signMessage(account: ChainAccount, message: string): Promise<string>
  switchNetwork(network: CaipNetwork): Promise<void>
}

/** Gives the adapter of a namespace, loading its code on first use. */
export type ChainAdapterFor = (namespace: ChainNamespace) => Promise<ChainAdapter>
