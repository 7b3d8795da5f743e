// The refusals of sign-in with the wallet, one class per kind. Each is answered as
// `{ error: { code, message } }`; nothing is stored when one is thrown.
import { ServerError } from '../errors'

/** The message is not a CAIP-122 / EIP-4361 sign-in message; the detail says which part. */
export class InvalidSiwxMessageError extends ServerError {
  override readonly name = 'InvalidSiwxMessageError'
  readonly status = 400
  readonly code = 'INVALID_SIWX_MESSAGE'
  constructor(detail: string) {
    super(`Invalid sign-in message: ${detail}`)
  }
}

export class UnknownNonceError extends ServerError {
  override readonly name = 'UnknownNonceError'
  readonly status = 401
  readonly code = 'NONCE_UNKNOWN'
  constructor() {
    super('Unknown nonce: ask for a new one')
  }
}

export class NonceOfAnotherProjectError extends ServerError {
  override readonly name = 'NonceOfAnotherProjectError'
  readonly status = 401
  readonly code = 'NONCE_WRONG_PROJECT'
  constructor() {
    super('The nonce was issued for another project')
  }
}

export class NonceUsedError extends ServerError {
  override readonly name = 'NonceUsedError'
  readonly status = 401
  readonly code = 'NONCE_USED'
  constructor() {
    super('The nonce has already been used')
  }
}

export class NonceExpiredError extends ServerError {
  override readonly name = 'NonceExpiredError'
  readonly status = 401
  readonly code = 'NONCE_EXPIRED'
  constructor() {
    super('The nonce has expired: ask for a new one')
  }
}

/** A nonce tried AUTH_NONCE_ATTEMPT_LIMIT times; it is spent, a new one is needed. */
export class NonceAttemptsExceededError extends ServerError {
  override readonly name = 'NonceAttemptsExceededError'
  readonly status = 429
  readonly code = 'NONCE_ATTEMPTS_EXCEEDED'
  constructor() {
    super('Too many sign-in attempts with this nonce: ask for a new one')
  }
}

export class DomainMismatchError extends ServerError {
  override readonly name = 'DomainMismatchError'
  readonly status = 403
  readonly code = 'DOMAIN_MISMATCH'
  constructor() {
    super('The message domain does not match the origin of the request')
  }
}

export class UriMismatchError extends ServerError {
  override readonly name = 'UriMismatchError'
  readonly status = 403
  readonly code = 'URI_MISMATCH'
  constructor() {
    super('The message URI does not match the origin of the request')
  }
}

export class MessageIssuedInFutureError extends ServerError {
  override readonly name = 'MessageIssuedInFutureError'
  readonly status = 401
  readonly code = 'MESSAGE_ISSUED_IN_FUTURE'
  constructor() {
    super('The message is issued in the future: check the time settings')
  }
}

export class MessageExpiredError extends ServerError {
  override readonly name = 'MessageExpiredError'
  readonly status = 401
  readonly code = 'MESSAGE_EXPIRED'
  constructor() {
    super('The message has expired')
  }
}

export class MessageNotYetValidError extends ServerError {
  override readonly name = 'MessageNotYetValidError'
  readonly status = 401
  readonly code = 'MESSAGE_NOT_YET_VALID'
  constructor() {
    super('The message is not yet valid')
  }
}

export class InvalidSignatureError extends ServerError {
  override readonly name = 'InvalidSignatureError'
  readonly status = 401
  readonly code = 'INVALID_SIGNATURE'
  constructor() {
    super('The signature does not match the message and account')
  }
}

export class MissingSessionTokenError extends ServerError {
  override readonly name = 'MissingSessionTokenError'
  readonly status = 401
  readonly code = 'SESSION_TOKEN_MISSING'
  constructor() {
    super('Authorization: Bearer <session token> is required')
  }
}

/** docs/product.md#alerts: 'Session Expired' (invalid session, check time settings, reconnect). */
export class SessionExpiredError extends ServerError {
  override readonly name = 'SessionExpiredError'
  readonly status = 401
  readonly code = 'SESSION_EXPIRED'
  constructor() {
    super('Session Expired')
  }
}

export class SessionNotFoundError extends ServerError {
  override readonly name = 'SessionNotFoundError'
  readonly status = 404
  readonly code = 'SESSION_NOT_FOUND'
  constructor() {
    super('Session not found')
  }
}

/** docs/product.md#validation: 'Invalid CAIP-10 address'. */
export class InvalidCaipAddressError extends ServerError {
  override readonly name = 'InvalidCaipAddressError'
  readonly status = 400
  readonly code = 'INVALID_CAIP_ADDRESS'
  constructor() {
    super('Invalid CAIP-10 address')
  }
}

/** A cacao sent with a sign-in that describes another sign-in; the detail names the field. */
export class CacaoMismatchError extends ServerError {
  override readonly name = 'CacaoMismatchError'
  readonly status = 400
  readonly code = 'CACAO_MISMATCH'
  constructor(field: string) {
    super(`The cacao does not describe this sign-in: ${field} differs`)
  }
}
