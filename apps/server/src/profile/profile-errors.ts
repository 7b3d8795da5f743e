// Refusals of the names API, in the server's error shape. The modal shows the message as the
// first reason of a failed registration (docs/product.md#errors), so each says what to change.
import { NAME_RULE_MESSAGE, NAME_ZONE } from '@portico/protocol/profile-name'
import { defineServerError } from '../errors'

export const InvalidNameError = defineServerError({
  name: 'InvalidNameError',
  status: 400,
  code: 'INVALID_NAME',
  message: NAME_RULE_MESSAGE,
})

export const WrongZoneError = defineServerError({
  name: 'WrongZoneError',
  status: 400,
  code: 'INVALID_NAME_ZONE',
  message: `Names are registered in the ${NAME_ZONE} zone, e.g. alice.${NAME_ZONE}`,
})

export const NameNotFoundError = defineServerError({
  name: 'NameNotFoundError',
  status: 404,
  code: 'NAME_NOT_FOUND',
  message: (name: string) => `Name ${name} is not registered`,
})

export const NameTakenError = defineServerError({
  name: 'NameTakenError',
  status: 409,
  code: 'NAME_TAKEN',
  message: (name: string) => `Name ${name} is already registered`,
})

export const AddressHasNameError = defineServerError({
  name: 'AddressHasNameError',
  status: 409,
  code: 'ADDRESS_HAS_NAME',
  message: 'This address already has a name',
})

export const InvalidNameMessageError = defineServerError({
  name: 'InvalidNameMessageError',
  status: 400,
  code: 'INVALID_NAME_MESSAGE',
  message: (detail: string) => `Invalid registration message: ${detail}`,
})

export const NameMessageExpiredError = defineServerError({
  name: 'NameMessageExpiredError',
  status: 400,
  code: 'NAME_MESSAGE_EXPIRED',
  message: 'The registration message has expired: sign a new one',
})

export const UnsupportedCoinTypeError = defineServerError({
  name: 'UnsupportedCoinTypeError',
  status: 400,
  code: 'UNSUPPORTED_COIN_TYPE',
  message: (coinType: number) => `Unsupported coin type ${coinType}`,
})

export const NameSignatureError = defineServerError({
  name: 'NameSignatureError',
  status: 401,
  code: 'INVALID_SIGNATURE',
  message: 'The signature does not match the address',
})

export const NameRegistrationRateLimitedError = defineServerError({
  name: 'NameRegistrationRateLimitedError',
  status: 429,
  code: 'RATE_LIMITED',
  message: (retryAfterSeconds: number) =>
    `Too many name registrations; try again in ${retryAfterSeconds} seconds`,
  headers: (retryAfterSeconds: number) => ({ 'retry-after': String(retryAfterSeconds) }),
})
