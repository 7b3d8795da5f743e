// A Solana wallet as a browser extension is one: it registers with the page over wallet-standard
// (`registerWallet`, the window events) and offers standard:connect / disconnect / events and the
// Solana signing features, signing with a real ed25519 key through @solana/kit. The test plays
// the user: every prompt is approved unless it says to reject the next one or to take its time.
// An entry of its own (@portico/test-kit/solana-wallet): only Solana tests load @solana/kit.
// In Node the "page" is whatever `window` is (an EventTarget the test stubs), in e2e the real one.

import { SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import type { TokenBalance } from '@portico/protocol/token-balance'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  getAddressEncoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  signBytes,
  signTransaction,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { registerWallet } from '@wallet-standard/wallet'

export interface SolanaTestWalletOptions {
  /** The 32-byte ed25519 private key (a devnet dev account's `privateKey`). */
  privateKey: Uint8Array
  /** Where signAndSendTransaction sends, as a wallet sends through its own RPC. */
  rpcUrl: string
  name?: string
  /** Offer only signAndSendTransaction, as some wallets do (no solana:signTransaction). */
  sendsItself?: boolean
}

/** How the user answers the next prompt: Reject, or Approve once `approveWhen` resolves. */
export type PromptAnswer = 'reject' | { approveWhen: () => Promise<void> }

export interface SolanaTestWallet {
  readonly wallet: Wallet
  readonly address: string
  /** Announces the wallet to the page (`window`), as an extension's content script does. */
  register(): void
  answerNext(answer: PromptAnswer): void
  /** The prompts shown so far, by feature (`solana:signTransaction`, ...). */
  readonly prompts: string[]
  /** Whether the site is authorised (a silent connect then succeeds without a prompt). */
  readonly authorized: boolean
}

const PAGE = Symbol.for('@portico/test-kit/solana-test-page')

/**
 * The `window` a Node test stubs for wallet-standard: the app side (@wallet-standard/app) listens
 * on the first window it sees for as long as the worker lives, and test files share a worker, so
 * every file must stub this same one. Wallets registered by an earlier file stay listed: give
 * each file's wallet a name of its own.
 */
export function solanaTestPage(): EventTarget {
  const holder = globalThis as { [PAGE]?: EventTarget }
  holder[PAGE] ??= new EventTarget()
  return holder[PAGE]
}

const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/** Phantom's and Solflare's answer to Reject. */
const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

export async function solanaTestWallet(
  options: SolanaTestWalletOptions,
): Promise<SolanaTestWallet> {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(options.privateKey)
  const rpc = createSolanaRpc(options.rpcUrl)
  const decoder = getTransactionDecoder()
  const encoder = getTransactionEncoder()
  const prompts: string[] = []
  const answers: PromptAnswer[] = []
  const listeners = new Set<StandardEventsListeners['change']>()
  let authorized = false

  const account: WalletAccount = Object.freeze({
    address: signer.address,
    publicKey: new Uint8Array(getAddressEncoder().encode(signer.address)),
    chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const,
    features: [
      'solana:signMessage',
      ...(options.sendsItself ? [] : (['solana:signTransaction'] as const)),
      'solana:signAndSendTransaction',
    ] as const,
  })

  /** Shows a prompt and waits for the user's answer. */
  async function prompt(feature: string) {
    prompts.push(feature)
    const answer = answers.shift()
    if (answer === 'reject') throw rejected()
    if (answer) await answer.approveWhen()
  }

  function emit(accounts: readonly WalletAccount[]) {
    for (const listener of listeners) listener({ accounts })
  }

  const signed = (bytes: Uint8Array) => signTransaction([signer.keyPair], decoder.decode(bytes))

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input) {
      if (input?.silent) return { accounts: authorized ? [account] : [] }
      if (!authorized) await prompt('standard:connect')
      authorized = true
      return { accounts: [account] }
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      authorized = false
      emit([])
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(_event, listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.0.0',
    async signMessage(...inputs) {
      await prompt('solana:signMessage')
      return Promise.all(
        inputs.map(async ({ message }) => ({
          signedMessage: message,
          signature: new Uint8Array(await signBytes(signer.keyPair.privateKey, message)),
          signatureType: 'ed25519' as const,
        })),
      )
    },
  }
  const signOnly: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs) {
      await prompt('solana:signTransaction')
      return Promise.all(
        inputs.map(async ({ transaction }) => ({
          signedTransaction: new Uint8Array(encoder.encode(await signed(transaction))),
        })),
      )
    },
  }
  const signAndSend: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs) {
      await prompt('solana:signAndSendTransaction')
      const outputs = []
      for (const { transaction } of inputs) {
        const wire = getBase64EncodedWireTransaction(await signed(transaction))
        const sent = await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
        outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(sent)) })
      }
      return outputs
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'Test Solana Wallet',
    icon: ICON,
    chains: account.chains,
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'solana:signMessage': signMessage,
      ...(options.sendsItself ? {} : { 'solana:signTransaction': signOnly }),
      'solana:signAndSendTransaction': signAndSend,
    },
    get accounts() {
      return authorized ? [account] : []
    },
  }

  return {
    wallet,
    address: signer.address,
    register: () => registerWallet(wallet),
    answerNext: (answer) => answers.push(answer),
    prompts,
    get authorized() {
      return authorized
    },
  }
}

/**
 * Dev account `index`'s wallet on a local Solana chain, announced to the test page (stub
 * `window` with solanaTestPage() first). Name it for its test file: wallets stay listed.
 */
export async function registerDevSolanaWallet(
  chain: { accounts: readonly { privateKey: Uint8Array }[]; rpcUrl: string },
  index: number,
  name: string,
): Promise<SolanaTestWallet> {
  const key = chain.accounts[index]
  if (!key) throw new Error(`the local Solana chain has no dev account ${index}`)
  const wallet = await solanaTestWallet({ privateKey: key.privateKey, rpcUrl: chain.rpcUrl, name })
  wallet.register()
  return wallet
}

/** A token as the balance API lists it on a Solana network: SOL, or a dev token by its mint. */
export function solanaToken(
  caipNetworkId: string,
  token: { mint: string; symbol: string; name: string; decimals: number } = {
    mint: SOLANA_NATIVE_TOKEN_ADDRESS,
    symbol: 'SOL',
    name: 'Solana',
    decimals: 9,
  },
): TokenBalance {
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: caipNetworkId,
    address: `${caipNetworkId}:${token.mint}`,
    quantity: { decimals: String(token.decimals), numeric: '1000' },
    iconUrl: '',
  }
}
