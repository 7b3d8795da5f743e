// A request the frame refuses or fails: its message is what the `_ERROR` answer carries (and
// what the modal shows), its code the EIP-1193 code where one fits (4001 rejected, 4100
// unauthorized, 4200 unsupported method).
export class FrameRequestError extends Error {
  override readonly name = 'FrameRequestError'

  constructor(
    message: string,
    readonly code?: number,
    /** The HTTP status when the refusal came from our server. */
    readonly status?: number,
  ) {
    super(message)
  }
}

/** The message the modal shows for a failure with nothing better to say (docs/product.md#embedded-wallet-frame-errors). */
export const GENERIC_ERROR_MESSAGE = 'An error occurred'

/** A request from the host page that the frame cannot read (it fails the protocol's schema). */
export const INVALID_REQUEST_MESSAGE = 'The wallet could not read this request'

/** 4100: the request needs a logged-in wallet and there is none. */
export function notConnectedError(): FrameRequestError {
  return new FrameRequestError('The embedded wallet is not connected', 4100)
}

/** -32602: the request's parameters are malformed, or break a rule of the chain. */
export function invalidParams(message: string): FrameRequestError {
  return new FrameRequestError(message, -32602)
}
