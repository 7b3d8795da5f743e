// Errors the modal shows, with the spec's exact messages (docs/product.md#errors).
import { PorticoError } from './portico-error'
import { shortMessageOf } from './short-message-of'
import { walletErrorMeaning } from './wallet-error-meanings'

/**
 * 'Failed to disconnect' (INTERNAL_SDK_ERROR). Its details say which chain would not let go and
 * why, when the cause is a DisconnectChainError; a view shows them under the short message.
 */
export class DisconnectError extends PorticoError {
  override name = 'DisconnectError'
  constructor(cause?: unknown) {
    super('Failed to disconnect', { code: 'INTERNAL_SDK_ERROR', cause })
  }
}

/** One namespace's wallet would not disconnect: 'Failed to disconnect chain {chain}: {message}'. */
export class DisconnectChainError extends PorticoError {
  override name = 'DisconnectChainError'
  constructor(chain: string, cause: unknown) {
    super(`Failed to disconnect chain ${chain}: ${walletErrorMessage(cause)}`, { cause })
  }
}

/** EIP-1193 / EIP-1474 codes the spec names (docs/product.md#wallet-codes). */
export const WALLET_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  /** JSON-RPC 2.0: the method does not exist. */
  methodNotFound: -32601,
  /** WalletConnect's SDK: the visitor rejected (USER_REJECTED), its chains or its methods. */
  walletConnectUserRejected: 5000,
  walletConnectUserRejectedChains: 5001,
  walletConnectUserRejectedMethods: 5002,
} as const

const USER_REJECTION_CODES: ReadonlySet<number> = new Set([
  WALLET_ERROR_CODES.userRejected,
  WALLET_ERROR_CODES.walletConnectUserRejected,
  WALLET_ERROR_CODES.walletConnectUserRejectedChains,
  WALLET_ERROR_CODES.walletConnectUserRejectedMethods,
])

/** Every EIP-1193 numeric code along an error's `cause` chain, outermost first. */
export function walletErrorCodes(error: unknown): number[] {
  const codes: number[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') codes.push(code)
    current = (current as { cause?: unknown }).cause
  }
  return codes
}

/** The outermost EIP-1193 numeric code along an error's `cause` chain. */
export function walletErrorCode(error: unknown): number | undefined {
  return walletErrorCodes(error)[0]
}

/**
 * Whether the visitor said no: EIP-1193's 4001, or WalletConnect's own refusals (5000-5002),
 * anywhere along the cause chain (viem wraps a code it does not know in an error of its own).
 */
export function isUserRejection(error: unknown): boolean {
  return walletErrorCodes(error).some((code) => USER_REJECTION_CODES.has(code))
}

/** viem's words for a code it does not know: they say nothing the code's meaning would not. */
const UNKNOWN_RPC_ERROR = 'An unknown RPC error occurred.'

/**
 * A short, human message for a failed wallet request: the wallet's own words when it gave
 * some, else what its error code means (wallet-error-meanings.ts).
 */
export function walletErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return 'Connection declined'
  const message = shortMessageOf(error)
  if (message && message !== UNKNOWN_RPC_ERROR) return message
  for (const code of walletErrorCodes(error)) {
    const meaning = walletErrorMeaning(code)
    if (meaning) return meaning
  }
  return walletOwnMessage(error) ?? message ?? 'Something went wrong'
}

/** The innermost message along the cause chain: the wallet's own, under viem's wrapping. */
function walletOwnMessage(error: unknown): string | undefined {
  let own: string | undefined
  let current = (error as { cause?: unknown } | undefined)?.cause
  for (let depth = 0; current && depth < 8; depth++) {
    const message = shortMessageOf(current)
    if (message && message !== UNKNOWN_RPC_ERROR) own = message
    current = (current as { cause?: unknown }).cause
  }
  return own
}
