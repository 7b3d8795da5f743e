// The refusals of sign-in with the wallet, one kind each. Each is answered as
// `{ error: { code, message } }`; nothing is stored when one is thrown.
import { defineServerError } from '../errors'

/** The message is not a CAIP-122 / EIP-4361 sign-in message; the detail says which part. */
export const InvalidSiwxMessageError = defineServerError({
  name: 'InvalidSiwxMessageError',
  status: 400,
  code: 'INVALID_SIWX_MESSAGE',
  message: (detail: string) => `Invalid sign-in message: ${detail}`,
})

export const UnknownNonceError = defineServerError({
  name: 'UnknownNonceError',
  status: 401,
  code: 'NONCE_UNKNOWN',
  message: 'Unknown nonce: ask for a new one',
})

export const NonceOfAnotherProjectError = defineServerError({
  name: 'NonceOfAnotherProjectError',
  status: 401,
  code: 'NONCE_WRONG_PROJECT',
  message: 'The nonce was issued for another project',
})

export const NonceUsedError = defineServerError({
  name: 'NonceUsedError',
  status: 401,
  code: 'NONCE_USED',
  message: 'The nonce has already been used',
})

export const NonceExpiredError = defineServerError({
  name: 'NonceExpiredError',
  status: 401,
  code: 'NONCE_EXPIRED',
  message: 'The nonce has expired: ask for a new one',
})

/** A nonce tried AUTH_NONCE_ATTEMPT_LIMIT times; it is spent, a new one is needed. */
export const NonceAttemptsExceededError = defineServerError({
  name: 'NonceAttemptsExceededError',
  status: 429,
  code: 'NONCE_ATTEMPTS_EXCEEDED',
  message: 'Too many sign-in attempts with this nonce: ask for a new one',
})

export const DomainMismatchError = defineServerError({
  name: 'DomainMismatchError',
  status: 403,
  code: 'DOMAIN_MISMATCH',
  message: 'The message domain does not match the origin of the request',
})

export const UriMismatchError = defineServerError({
  name: 'UriMismatchError',
  status: 403,
  code: 'URI_MISMATCH',
  message: 'The message URI does not match the origin of the request',
})

export const MessageIssuedInFutureError = defineServerError({
  name: 'MessageIssuedInFutureError',
  status: 401,
  code: 'MESSAGE_ISSUED_IN_FUTURE',
  message: 'The message is issued in the future: check the time settings',
})

export const MessageExpiredError = defineServerError({
  name: 'MessageExpiredError',
  status: 401,
  code: 'MESSAGE_EXPIRED',
  message: 'The message has expired',
})

export const MessageNotYetValidError = defineServerError({
  name: 'MessageNotYetValidError',
  status: 401,
  code: 'MESSAGE_NOT_YET_VALID',
  message: 'The message is not yet valid',
})

export const InvalidSignatureError = defineServerError({
  name: 'InvalidSignatureError',
  status: 401,
  code: 'INVALID_SIGNATURE',
  message: 'The signature does not match the message and account',
})

export const MissingSessionTokenError = defineServerError({
  name: 'MissingSessionTokenError',
  status: 401,
  code: 'SESSION_TOKEN_MISSING',
  message: 'Authorization: Bearer <session token> is required',
})

/** docs/product.md#alerts: 'Session Expired' (invalid session, check time settings, reconnect). */
export const SessionExpiredError = defineServerError({
  name: 'SessionExpiredError',
  status: 401,
  code: 'SESSION_EXPIRED',
  message: 'Session Expired',
})

export const SessionNotFoundError = defineServerError({
  name: 'SessionNotFoundError',
  status: 404,
  code: 'SESSION_NOT_FOUND',
  message: 'Session not found',
})

/** docs/product.md#validation: 'Invalid CAIP-10 address'. */
export const InvalidCaipAddressError = defineServerError({
  name: 'InvalidCaipAddressError',
  status: 400,
  code: 'INVALID_CAIP_ADDRESS',
  message: 'Invalid CAIP-10 address',
})

/** A cacao sent with a sign-in that describes another sign-in; the detail names the field. */
export const CacaoMismatchError = defineServerError({
  name: 'CacaoMismatchError',
  status: 400,
  code: 'CACAO_MISMATCH',
  message: (field: string) => `The cacao does not describe this sign-in: ${field} differs`,
})
