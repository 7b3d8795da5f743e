// The one base of core's errors, shaped as viem's BaseError: a `shortMessage` a view can show
// as it is (the spec's exact words), `details` for whoever debugs, the `cause` it wraps, and a
// `name` per kind. `message` adds the details only when a caller passed them, so an error the
// spec words stays exactly the spec's string wherever it is read.

export interface PorticoErrorOptions {
  /** A stable code a host can branch on (e.g. 'SIWX_SIGNATURE_DECLINED'). */
  code?: string | undefined
  cause?: unknown
  /** What went wrong beyond the short message; defaults to the cause's own message. */
  details?: string | undefined
}

export class PorticoError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: string | undefined
  override readonly cause: unknown

  constructor(shortMessage: string, options: PorticoErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage)
    this.shortMessage = shortMessage
    this.details = options.details ?? detailsOf(options.cause)
    this.code = options.code
    this.cause = options.cause
  }
}

function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof PorticoError) return cause.details ?? cause.shortMessage
  if (cause instanceof Error && cause.message) return cause.message
  return undefined
}

/** What a view shows for a failure: the short message when there is one, else the message. */
export function shortMessageOf(error: unknown): string | undefined {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  if (typeof shortMessage === 'string' && shortMessage) return shortMessage
  return typeof message === 'string' && message ? message : undefined
}
