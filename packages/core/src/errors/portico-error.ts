// The one base of core's errors, shaped as viem's BaseError: a `shortMessage` a view can show
// as it is (the spec's exact words), `details` for whoever debugs, the `cause` it wraps, and a
// `name` per kind. `message` adds the details only when a caller passed them, so an error the
// spec words stays exactly the spec's string wherever it is read. Kept small: the page loads it.

export interface PorticoErrorOptions {
  /** A stable code a host can branch on (e.g. 'SIWX_SIGNATURE_DECLINED'). */
  code?: string | undefined
  cause?: unknown
  /** What went wrong beyond the short message; defaults to the cause's own short message. */
  details?: string | undefined
}

export class PorticoError extends Error {
  override name = 'PorticoError'
  declare readonly shortMessage: string
  declare readonly details: string | undefined
  declare readonly code: string | undefined

  constructor(shortMessage: string, { code, cause, details }: PorticoErrorOptions = {}) {
    super(details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage, { cause })
    const wrapped = cause as { shortMessage?: string; message?: string } | undefined
    this.shortMessage = shortMessage
    this.details = details ?? (wrapped?.shortMessage || wrapped?.message || undefined)
    this.code = code
  }
}
