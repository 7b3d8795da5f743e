// Errors of GET /v1/account/{account}/history, in the server's error shape.
import { ServerError } from '../errors'

/** docs/product.md#validation: a history fetch needs an account address. */
export class MissingAccountAddressError extends ServerError {
  override readonly name = 'MissingAccountAddressError'
  readonly status = 400
  readonly code = 'MISSING_ACCOUNT_ADDRESS'
  constructor() {
    super("Transactions can't be fetched without an accountAddress")
  }
}

/** A CAIP-10 account gets the spec's message; a plain address (0x + 40 hex) says so. */
export class InvalidAccountAddressError extends ServerError {
  override readonly name = 'InvalidAccountAddressError'
  readonly status = 400
  readonly code = 'INVALID_ADDRESS'
  constructor(caip10: boolean) {
    super(
      caip10
        ? 'Invalid CAIP-10 address'
        : 'Invalid address: the account must be 0x and 40 hex digits, or a CAIP-10 account id',
    )
  }
}

export class InvalidCursorError extends ServerError {
  override readonly name = 'InvalidCursorError'
  readonly status = 400
  readonly code = 'INVALID_CURSOR'
  constructor() {
    super('Invalid cursor: pass the `next` value of the previous page, with the same chainId')
  }
}

export class AccountChainMismatchError extends ServerError {
  override readonly name = 'AccountChainMismatchError'
  readonly status = 400
  readonly code = 'INVALID_REQUEST'
  constructor() {
    super('Invalid request: the CAIP-10 account and chainId name different chains')
  }
}
