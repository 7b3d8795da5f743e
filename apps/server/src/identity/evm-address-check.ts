// Whether a path or query parameter is an EVM address as a person may type it.
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { isAddress } from 'viem'

/** 0x and 40 hex digits, all lower or all upper case, or mixed case with a valid EIP-55 checksum. */
export function isEvmAddress(value: string): boolean {
  if (!isEvmAddressShape(value)) return false
  const digits = value.slice(2)
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return isAddress(value, { strict: true })
}
