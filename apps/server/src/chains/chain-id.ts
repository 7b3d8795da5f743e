// Chain ids as callers write them: CAIP-2 (`eip155:1`, `solana:5eykt4...`) or a plain EVM
// chain id (`1`). Internally every chain is named by its CAIP-2 id.
import {
  type CaipNetworkId,
  isCaipNamespace,
  isCaipReference,
} from '@portico/protocol/caip-grammar'
import { InvalidChainIdError } from '../errors'

const EVM_CHAIN_ID = /^[1-9][0-9]{0,15}$/

function isEvmChainId(reference: string): boolean {
  return EVM_CHAIN_ID.test(reference) && Number(reference) <= Number.MAX_SAFE_INTEGER
}

/** `eip155:1` or `1` -> `eip155:1`; anything else throws InvalidChainIdError. */
export function parseChainId(value: string | number): CaipNetworkId {
  const text = String(value).trim()
  if (isEvmChainId(text)) return `eip155:${text}`
  // Neither part of a CAIP-2 id may hold a colon, so a valid id splits in exactly two.
  const [namespace = '', reference = '', ...rest] = text.split(':')
  if (rest.length > 0 || !isCaipNamespace(namespace) || !isCaipReference(reference)) {
    throw new InvalidChainIdError()
  }
  if (namespace === 'eip155' && !isEvmChainId(reference)) throw new InvalidChainIdError()
  return `${namespace}:${reference}`
}
