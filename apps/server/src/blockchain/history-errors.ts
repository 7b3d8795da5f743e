// Errors of GET /v1/account/{account}/history, in the server's error shape.
import { defineServerError } from '../errors'

/** docs/product.md#validation: a history fetch needs an account address. */
export const MissingAccountAddressError = defineServerError({
  name: 'MissingAccountAddressError',
  status: 400,
  code: 'MISSING_ACCOUNT_ADDRESS',
  message: "Transactions can't be fetched without an accountAddress",
})

/** A CAIP-10 account gets the spec's message; a plain address (0x + 40 hex) says so. */
export const InvalidAccountAddressError = defineServerError({
  name: 'InvalidAccountAddressError',
  status: 400,
  code: 'INVALID_ADDRESS',
  message: (caip10: boolean) =>
    caip10
      ? 'Invalid CAIP-10 address'
      : 'Invalid address: the account must be 0x and 40 hex digits, or a CAIP-10 account id',
})

export const InvalidCursorError = defineServerError({
  name: 'InvalidCursorError',
  status: 400,
  code: 'INVALID_CURSOR',
  message: 'Invalid cursor: pass the `next` value of the previous page, with the same chainId',
})

export const AccountChainMismatchError = defineServerError({
  name: 'AccountChainMismatchError',
  status: 400,
  code: 'INVALID_REQUEST',
  message: 'Invalid request: the CAIP-10 account and chainId name different chains',
})
