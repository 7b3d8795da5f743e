// Errors the modal shows, with the spec's exact messages (docs/product.md#errors).
import { PorticoError } from './portico-error'
import { shortMessageOf } from './short-message-of'

export class DisconnectError extends PorticoError {
  override name = 'DisconnectError'
  constructor(cause?: unknown) {
    super('Failed to disconnect', { code: 'INTERNAL_SDK_ERROR', cause })
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
} as const

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

export function isUserRejection(error: unknown): boolean {
  return walletErrorCode(error) === WALLET_ERROR_CODES.userRejected
}

/** A short, human message for a failed wallet request. */
export function walletErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return 'Connection declined'
  return shortMessageOf(error) ?? 'Something went wrong'
}
