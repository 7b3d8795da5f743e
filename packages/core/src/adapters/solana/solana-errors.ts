// What the Solana adapter refuses before asking the wallet, and how a wallet's or the chain's
// refusal reads. The short message is what the send view shows; the details say the numbers.
import { PorticoError } from '../../errors/portico-error'
import { WALLET_ERROR_CODES, walletErrorCodes } from '../../errors/wallet-errors'

/** A receiver that is not a Solana address; the message says why (not base58, wrong length). */
export class InvalidSolanaReceiverError extends PorticoError {
  override name = 'InvalidSolanaReceiverError'
  constructor(problem: string) {
    super(problem)
  }
}

/** The spec's words for an amount the account cannot pay, with the sums in the details. */
export class SolanaInsufficientFundsError extends PorticoError {
  override name = 'SolanaInsufficientFundsError'
  constructor(details: string) {
    super('Insufficient funds', { details })
  }
}

/** SOL to a new account must leave it rent-exempt, else the chain refuses the transfer. */
export class BelowRentExemptionError extends PorticoError {
  override name = 'BelowRentExemptionError'
  constructor(minimum: string) {
    super(`The receiver has no account yet: send at least ${minimum} SOL to open it`)
  }
}

export class SolanaTokenProgramNotSupportedError extends PorticoError {
  override name = 'SolanaTokenProgramNotSupportedError'
  constructor(program: string) {
    super('This token cannot be sent from here', {
      details: `Its mint belongs to ${program}; only the SPL Token program's tokens are sent`,
    })
  }
}

/** The connected wallet lacks a feature the flow needs (a wallet that cannot sign messages). */
export class SolanaWalletFeatureMissingError extends PorticoError {
  override name = 'SolanaWalletFeatureMissingError'
  constructor(wallet: string, feature: string) {
    super('The wallet does not support this request', {
      code: String(WALLET_ERROR_CODES.unsupportedMethod),
      details: `${wallet} has no ${feature}`,
    })
  }
}

/** The account a flow names is not the connected wallet's. */
export class SolanaWalletNotConnectedError extends PorticoError {
  override name = 'SolanaWalletNotConnectedError'
  constructor() {
    super('No Solana wallet is connected for this account')
  }
}

/** The chain refused the transaction: its own words (Blockhash not found, ...), as it said them. */
export class SolanaChainRefusedError extends PorticoError {
  override name = 'SolanaChainRefusedError'
  constructor(message: string, cause: unknown) {
    super(message, { cause })
  }
}

/** A refusal's words when a wallet gives no 4001: "User rejected", "Request declined", ... */
const REFUSAL_WORDS = /\b(rejected|declined|denied|cancell?ed)\b/i

/**
 * Whether a wallet's error is the user saying no. wallet-standard sets no error type: Phantom,
 * Solflare and Backpack answer a Reject with EIP-1193's 4001, others only say so in words.
 */
export function isSolanaWalletRejection(error: unknown): boolean {
  if (walletErrorCodes(error).includes(WALLET_ERROR_CODES.userRejected)) return true
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && REFUSAL_WORDS.test(message)
}

/**
 * The refusal as the core's flows read one (isUserRejection: 4001 along the causes), whatever
 * form the wallet gave it.
 */
export function userRejection(error: unknown): PorticoError {
  const rejected = Object.assign(new Error('User rejected the request.', { cause: error }), {
    code: WALLET_ERROR_CODES.userRejected,
  })
  return new PorticoError('User rejected the request.', { code: 'USER_REJECTED', cause: rejected })
}

/** A wallet request, its refusal turned into the core's user-rejected error. */
export async function askWallet<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw isSolanaWalletRejection(error) ? userRejection(error) : error
  }
}
