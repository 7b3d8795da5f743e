// CAIP-10 account ids: `namespace:reference:address`.
// - parseCaipAddress is the everyday reader: three non-empty colon-separated parts, else
//   'Invalid CAIP Address' (docs/product.md#validation). It does not judge the parts.
// - parseCaip10Address is the strict validator: the three parts must follow the CAIP-10
//   grammar, else 'Invalid CAIP-10 address'. formatCaipAddress checks the same way.
import { InvalidCaip10AddressError, InvalidCaipAddressError } from './caip-errors'
import {
  type CaipAddress,
  type CaipNetworkId,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
} from './caip-grammar'
import { parseCaipNetworkId } from './caip-network-id'

export interface ParsedCaipAddress {
  namespace: string
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
}

function splitThree(value: unknown): ParsedCaipAddress | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length !== 3 || parts.some((part) => part === '')) return undefined
  const [namespace = '', reference = '', address = ''] = parts
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

function followsGrammar(parsed: ParsedCaipAddress): boolean {
  return (
    isCaipNamespace(parsed.namespace) &&
    isCaipReference(parsed.reference) &&
    isCaipAccountAddress(parsed.address)
  )
}

/** Three non-empty colon-separated parts. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return splitThree(value) !== undefined
}

/** Three parts that follow the CAIP-10 grammar. */
export function isCaip10Address(value: unknown): value is CaipAddress {
  const parsed = splitThree(value)
  return parsed !== undefined && followsGrammar(parsed)
}

/** Throws InvalidCaipAddressError unless `value` has three non-empty colon-separated parts. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parsed = splitThree(value)
  if (!parsed) throw new InvalidCaipAddressError(value)
  return parsed
}

/** Throws InvalidCaip10AddressError unless `value` is a CAIP-10 account id by the grammar. */
export function parseCaip10Address(value: string): ParsedCaipAddress {
  const parsed = splitThree(value)
  if (!parsed || !followsGrammar(parsed)) throw new InvalidCaip10AddressError(value)
  return parsed
}

/**
 * `formatCaipAddress('eip155:1', '0xab…')` is `'eip155:1:0xab…'`. A bad network id throws
 * InvalidCaipNetworkIdError; an address outside the grammar throws InvalidCaip10AddressError.
 */
export function formatCaipAddress(caipNetworkId: string, address: string): CaipAddress {
  parseCaipNetworkId(caipNetworkId)
  const caipAddress = `${caipNetworkId}:${address}`
  if (typeof address !== 'string' || !isCaipAccountAddress(address)) {
    throw new InvalidCaip10AddressError(caipAddress)
  }
  return caipAddress as CaipAddress
}
