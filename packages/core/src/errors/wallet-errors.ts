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
} as const

/** Walks an error's `cause` chain for an EIP-1193 numeric code. */
export function walletErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export function isUserRejection(error: unknown): boolean {
  return walletErrorCode(error) === WALLET_ERROR_CODES.userRejected
}

/** A short, human message for a failed wallet request. */
export function walletErrorMessage(error: unknown): string {
  if (isUserRejection(error)) return 'Connection declined'
  return shortMessageOf(error) ?? 'Something went wrong'
}
