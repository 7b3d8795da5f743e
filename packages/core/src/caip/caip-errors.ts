// The CAIP errors of docs/product.md#validation, each with the spec's exact message. The rejected
// input is kept on `value` so the message itself stays exactly as the spec words it.
import { PorticoError } from '../errors/portico-error'

/** A chain-address string without three colon-separated parts. */
export class InvalidCaipAddressError extends PorticoError {
  override name = 'InvalidCaipAddressError'
  readonly value: unknown
  constructor(value: unknown) {
    super('Invalid CAIP Address')
    this.value = value
  }
}

/** Three parts, but not a CAIP-10 account id by the grammar (namespace, reference, address). */
export class InvalidCaip10AddressError extends PorticoError {
  override name = 'InvalidCaip10AddressError'
  readonly value: unknown
  constructor(value: unknown) {
    super('Invalid CAIP-10 address')
    this.value = value
  }
}

/** Not two colon-separated parts, or not a CAIP-2 chain id by the grammar. */
export class InvalidCaipNetworkIdError extends PorticoError {
  override name = 'InvalidCaipNetworkIdError'
  readonly value: unknown
  constructor(value: unknown) {
    super('Invalid CAIP-2 network id')
    this.value = value
  }
}
