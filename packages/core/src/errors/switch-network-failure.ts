// Why a network switch failed, in the visitor's words. A wallet that does not know the chain
// answers 4902 and is then asked to add it (docs/product.md#network-change); wagmi reports any
// failure of that second step as a user rejection (4001), and any other failure as 4902, with
// the wallet's own answer as the cause, so the whole cause chain is read.

import { NamespaceAccountMissingError } from '../adapters/chain-errors'
import { WALLET_ERROR_CODES, walletErrorCodes } from './wallet-errors'

/** The wallet has no wallet_addEthereumChain: it lacks the chain and has no way to add it. */
const CANNOT_ADD_CODES = new Set<number>([
  WALLET_ERROR_CODES.unsupportedMethod,
  WALLET_ERROR_CODES.methodNotFound,
])

export type SwitchNetworkFailureReason =
  /** The visitor refused the switch, or the adding of the network, in the wallet. */
  | 'declined'
  /** The wallet does not have the network and cannot add it. */
  | 'unavailable'
  | 'failed'

export function switchNetworkFailureReason(error: unknown): SwitchNetworkFailureReason {
  const codes = walletErrorCodes(error)
  if (codes.some((code) => CANNOT_ADD_CODES.has(code))) return 'unavailable'
  // The wallet's own answer is the innermost: wagmi's wrapper says 4001 for any failed add.
  if (codes.at(-1) === WALLET_ERROR_CODES.userRejected) return 'declined'
  return 'failed'
}

export interface SwitchNetworkFailure {
  title: string
  /** What happened, then where the visitor is left. */
  message: string
}

/**
 * What the modal says when the wallet did not switch to `target`. `current` is the network the
 * wallet stays on, when it is one the app requested.
 */
export function switchNetworkFailure(
  error: unknown,
  target: { name: string },
  current?: { name: string },
): SwitchNetworkFailure {
  // A wallet with no account in the network's namespace: its own sentence says so.
  const what =
    error instanceof NamespaceAccountMissingError
      ? error.message
      : switchFailureWords(error, target)
  const left = current ? ` You are still on ${current.name}.` : ''
  return { title: `Could not switch to ${target.name}`, message: `${what}${left}` }
}

function switchFailureWords(error: unknown, target: { name: string }): string {
  return {
    declined: `The switch to ${target.name} was declined in your wallet.`,
    unavailable: `Your wallet does not have ${target.name} and could not add it.`,
    failed: `Your wallet could not switch to ${target.name}.`,
  }[switchNetworkFailureReason(error)]
}
