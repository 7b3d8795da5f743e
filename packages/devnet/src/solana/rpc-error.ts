// A JSON-RPC error with the validator's codes, which @solana/kit turns into its own SolanaErrors.
export class SolanaRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const PREFLIGHT_FAILURE = -32002
export const SIGNATURE_VERIFICATION_FAILURE = -32003
export const MIN_CONTEXT_SLOT_NOT_REACHED = -32016

export function invalidParams(message: string): SolanaRpcError {
  return new SolanaRpcError(INVALID_PARAMS, message)
}
