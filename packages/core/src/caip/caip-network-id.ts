// CAIP-2 network ids: `namespace:reference`. Anything else is 'Invalid CAIP-2 network id'.
import { InvalidCaipNetworkIdError } from './caip-errors'
import { type CaipNetworkId, isCaipNamespace, isCaipReference } from './caip-grammar'

export interface ParsedCaipNetworkId {
  namespace: string
  reference: string
}

function split(value: unknown): ParsedCaipNetworkId | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  if (parts.length !== 2) return undefined
  const [namespace = '', reference = ''] = parts
  if (!isCaipNamespace(namespace) || !isCaipReference(reference)) return undefined
  return { namespace, reference }
}

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return split(value) !== undefined
}

/** Throws InvalidCaipNetworkIdError unless `value` has two parts that follow CAIP-2. */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  const parsed = split(value)
  if (!parsed) throw new InvalidCaipNetworkIdError(value)
  return parsed
}

/** `formatCaipNetworkId('eip155', 1)` is `'eip155:1'`; bad parts throw InvalidCaipNetworkIdError. */
export function formatCaipNetworkId(namespace: string, reference: string | number): CaipNetworkId {
  const id = `${namespace}:${reference}`
  if (!split(id)) throw new InvalidCaipNetworkIdError(id)
  return id as CaipNetworkId
}
