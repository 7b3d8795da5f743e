// Errors of the Wallet API routes, error telemetry and identity, in the server's error shape.
import { ServerError } from '../errors'

export class ImageNotFoundError extends ServerError {
  override readonly name = 'ImageNotFoundError'
  readonly status = 404
  readonly code = 'IMAGE_NOT_FOUND'
  constructor() {
    super('Image not found')
  }
}

export class InvalidAddressError extends ServerError {
  override readonly name = 'InvalidAddressError'
  readonly status = 400
  readonly code = 'INVALID_ADDRESS'
  constructor(parameter: string) {
    super(`Invalid address: ${parameter} must be a 0x-prefixed 20-byte hex address`)
  }
}
