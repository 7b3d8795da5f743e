// Errors of the Wallet API routes, error telemetry and identity, in the server's error shape.
import { defineServerError } from '../errors'

export const ImageNotFoundError = defineServerError({
  name: 'ImageNotFoundError',
  status: 404,
  code: 'IMAGE_NOT_FOUND',
  message: 'Image not found',
})

export const InvalidAddressError = defineServerError({
  name: 'InvalidAddressError',
  status: 400,
  code: 'INVALID_ADDRESS',
  message: (parameter: string) =>
    `Invalid address: ${parameter} must be a 0x-prefixed 20-byte hex address`,
})
