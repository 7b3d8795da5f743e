// The embedded wallet frame's failures, with the spec's words (docs/product.md#errors): the
// message a view shows, and a code naming the timeout as the spec's events do.
import { PorticoError } from '../../errors/portico-error'

/** The frame did not say it was ready in time (FRAME_LOAD_TIMEOUT_MS). */
export const FRAME_LOAD_FAILED_MESSAGE = 'Unable to load email login dependency'
/** The alert (short text) shown when the frame does not load. */
export const FRAME_LOAD_FAILED_ALERT = 'Network Error - Could not load embedded wallet'
/** The alert (short text) shown when the frame leaves a request unanswered. */
export const FRAME_REQUEST_TIMEOUT_ALERT = 'Embedded Wallet Request Timed Out'
export const RPC_ABORTED_MESSAGE = 'Request was aborted'
export const REQUEST_ABORTED_MESSAGE = 'Something went wrong'
/** An _ERROR answer that carries no message of its own. */
export const FRAME_ERROR_FALLBACK_MESSAGE = 'An error occurred'
/** What the modal shows, after NOT_ALLOWED_MESSAGE_DELAY_MS, for a refused RPC method. */
export const ACTION_NOT_ALLOWED_MESSAGE = 'Action not allowed'

export class FrameLoadError extends PorticoError {
  override name = 'FrameLoadError'
  constructor() {
    super(FRAME_LOAD_FAILED_MESSAGE, { code: 'iframe_load_failed' })
  }
}

export class FrameRequestTimeoutError extends PorticoError {
  override name = 'FrameRequestTimeoutError'
  constructor(type: string) {
    super(FRAME_REQUEST_TIMEOUT_ALERT, { code: 'iframe_request_timeout', details: type })
  }
}

export class FrameRequestAbortedError extends PorticoError {
  override name = 'FrameRequestAbortedError'
  constructor(type: string) {
    super(type === 'RPC_REQUEST' ? RPC_ABORTED_MESSAGE : REQUEST_ABORTED_MESSAGE, {
      code: 'aborted',
      details: type,
    })
  }
}

/**
 * The frame answered with _ERROR: its message, word for word, or the fallback; `rpcCode` is the
 * EIP-1193 code it gave (4001 rejected, 4100 unauthorized, 4200 unsupported), if any.
 */
export class FrameAnswerError extends PorticoError {
  override name = 'FrameAnswerError'
  declare readonly rpcCode: number | undefined
  constructor(message: unknown, rpcCode?: unknown) {
    super(typeof message === 'string' && message !== '' ? message : FRAME_ERROR_FALLBACK_MESSAGE)
    this.rpcCode = Number.isInteger(rpcCode) ? (rpcCode as number) : undefined
  }
}
