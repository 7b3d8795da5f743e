// Has the connected wallet sign and send a prepared transfer, then follows it to the chain.
// With solana:signTransaction the signed bytes go out through the page's RPC (our proxy), so the
// chain's refusal (an expired blockhash, funds short) comes back to us as the chain said it;
// a wallet that only signs and sends itself (solana:signAndSendTransaction) reports its own.
import {
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isSolanaError,
  type Signature,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  type SolanaErrorCode,
  signature as toSignature,
} from '@solana/kit'
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import { RECEIPT_WAIT_TIMEOUT_MS } from '../../constants'
import { clock } from '../../time/clock'
import { TransferFailedError } from '../chain-errors'
import {
  askWallet,
  SolanaChainRefusedError,
  SolanaWalletFeatureMissingError,
} from './solana-errors'
import type { SolanaRpc } from './solana-transfer'
import type { SolanaWallet } from './solana-wallets'

/** A slot is 400 ms: a status poll every slot or so sees the transfer soon after it lands. */
const STATUS_POLL_MS = 500

/** The chain's refusals a visitor can act on, in plain words; others keep the chain's own. */
const PLAIN_REFUSALS: ReadonlyArray<readonly [SolanaErrorCode, string]> = [
  [
    SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
    'Blockhash not found: the transaction expired before it reached the network. Try again',
  ],
  [
    SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
    'Insufficient funds for the network fee',
  ],
  [
    SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
    'Insufficient funds for rent: an account must keep its rent-exempt minimum or be emptied',
  ],
]

/** The chain's refusal in words: the first known one along the causes, else its own message. */
function chainRefusal(error: unknown): SolanaChainRefusedError {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const known = PLAIN_REFUSALS.find(([code]) => isSolanaError(current, code))
    if (known) return new SolanaChainRefusedError(known[1], error)
    current = (current as { cause?: unknown }).cause
  }
  const said = (error as { message?: unknown } | null)?.message
  return new SolanaChainRefusedError(
    `The network refused the transaction${typeof said === 'string' ? `: ${said}` : ''}`,
    error,
  )
}

export interface WalletSend {
  rpc: SolanaRpc
  wallet: SolanaWallet
  account: WalletAccount
  /** The wallet-standard chain (`solana:mainnet`) the transaction is for. */
  chain: IdentifierString
}

export async function sendThroughWallet(
  { rpc, wallet, account, chain }: WalletSend,
  transaction: Parameters<ReturnType<typeof getTransactionEncoder>['encode']>[0],
): Promise<Signature> {
  const bytes = new Uint8Array(getTransactionEncoder().encode(transaction))
  const signOnly = wallet.features['solana:signTransaction']
  if (signOnly) {
    const [output] = await askWallet(() =>
      signOnly.signTransaction({ account, transaction: bytes, chain }),
    )
    if (!output) throw new Error(`${wallet.name} returned no signed transaction`)
    const signed = getTransactionDecoder().decode(output.signedTransaction)
    try {
      return await rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          preflightCommitment: 'confirmed',
        })
        .send()
    } catch (error) {
      throw chainRefusal(error)
    }
  }
  const signAndSend = wallet.features['solana:signAndSendTransaction']
  if (!signAndSend) throw new SolanaWalletFeatureMissingError(wallet.name, 'transaction signing')
  const [output] = await askWallet(() =>
    signAndSend.signAndSendTransaction({ account, transaction: bytes, chain }),
  ).catch((error: unknown) => {
    throw isSolanaError(error) ? chainRefusal(error) : error
  })
  if (!output) throw new Error(`${wallet.name} returned no signature`)
  return toSignature(getBase58Decoder().decode(output.signature))
}

/**
 * Resolves once the chain has confirmed the transaction; throws when it failed, or when its
 * blockhash expired (or the wait ran out) without it being seen.
 */
export async function waitForSignature(
  rpc: SolanaRpc,
  hash: string,
  lastValidBlockHeight: bigint | undefined,
): Promise<void> {
  const deadline = clock.now() + RECEIPT_WAIT_TIMEOUT_MS
  const signature = toSignature(hash)
  for (let lastLook = false; ; ) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) throw new TransferFailedError()
    if (status && status.confirmationStatus !== 'processed') return
    if (lastLook || clock.now() >= deadline) throw new TransferFailedError()
    if (lastValidBlockHeight !== undefined && !status) {
      // Past its blockhash's last block it can no longer land: one more look, then give up.
      const height = await rpc.getBlockHeight({ commitment: 'confirmed' }).send()
      lastLook = height > lastValidBlockHeight
      if (lastLook) continue
    }
    await new Promise<void>((resolve) => clock.setTimeout(resolve, STATUS_POLL_MS))
  }
}
