// Injected Solana wallets, found over wallet-standard: each wallet registers itself with the page
// (`wallet-standard:register-wallet`), whether it loads before or after us. A wallet is listed
// when it speaks Solana and has what a flow needs: connect, and a way to sign a transaction.
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import type { SolanaNetwork } from '../../networks'
import type { Connector } from '../../state/connection'

/** The features a listed wallet may have; connect and one way to sign are required. */
export type SolanaWalletFeatures = StandardConnectFeature &
  Partial<
    StandardDisconnectFeature &
      StandardEventsFeature &
      SolanaSignMessageFeature &
      SolanaSignTransactionFeature &
      SolanaSignAndSendTransactionFeature
  >

export type SolanaWallet = Wallet & { readonly features: SolanaWalletFeatures }

/** A connector's id: the wallet's name, the one thing wallet-standard keeps stable across loads. */
export const SOLANA_CONNECTOR_PREFIX = 'solana:'
export const solanaConnectorId = (wallet: Wallet) => `${SOLANA_CONNECTOR_PREFIX}${wallet.name}`

function isSolanaWallet(wallet: Wallet): wallet is SolanaWallet {
  const features = wallet.features
  return (
    wallet.chains.some((chain) => chain.startsWith('solana:')) &&
    StandardConnect in features &&
    (SolanaSignTransaction in features || SolanaSignAndSendTransaction in features)
  )
}

export function solanaWallets(): SolanaWallet[] {
  return getWallets().get().filter(isSolanaWallet)
}

/** Calls `onChange` with the listed wallets now and whenever one registers or goes away. */
export function watchSolanaWallets(onChange: (wallets: SolanaWallet[]) => void): () => void {
  const list = () => onChange(solanaWallets())
  const stopRegister = getWallets().on('register', list)
  const stopUnregister = getWallets().on('unregister', list)
  list()
  return () => {
    stopRegister()
    stopUnregister()
  }
}

export function toSolanaConnector(wallet: SolanaWallet): Connector {
  return {
    id: solanaConnectorId(wallet),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'solana',
    imageUrl: wallet.icon,
  }
}

/**
 * The wallet called `name`, waiting up to `waitMs` for it to register: after a reload an
 * extension may register after our code runs.
 */
export function findSolanaWallet(name: string, waitMs: number): Promise<SolanaWallet | undefined> {
  const named = (wallet: Wallet): wallet is SolanaWallet =>
    wallet.name === name && isSolanaWallet(wallet)
  const known = getWallets().get().find(named)
  if (known || waitMs <= 0) return Promise.resolve(known)
  return new Promise((resolve) => {
    const stop = getWallets().on('register', (...wallets) => {
      const found = wallets.find(named)
      if (!found) return
      clearTimeout(timer)
      stop()
      resolve(found)
    })
    const timer = setTimeout(() => {
      stop()
      resolve(undefined)
    }, waitMs)
  })
}

/** wallet-standard names clusters, not genesis hashes: Solana's three by name, others by id. */
const WALLET_STANDARD_CLUSTERS: Readonly<Record<string, `solana:${string}`>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/** The chain a wallet is told a transaction is for. */
export function walletStandardChainOf(network: SolanaNetwork): `solana:${string}` {
  return WALLET_STANDARD_CLUSTERS[network.id] ?? `solana:${network.id}`
}
