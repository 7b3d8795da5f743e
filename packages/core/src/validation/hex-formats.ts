// The hex formats of docs/product.md#validation. Hex digits in either case; a lowercase 0x prefix.
// An address's shape is the contract's (@portico/protocol/evm-address): the server checks the same.
import { isEvmAddressShape } from '@portico/protocol/evm-address'

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/** 0x plus 40 hex characters. No checksum check: the spec asks for the shape only. */
export function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && isEvmAddressShape(value)
}

/** 0x plus 64 hex characters. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** 0x plus 62 or more hex characters. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}
