// Chain ids as callers write them: CAIP-2 (`eip155:1`, `solana:5eykt4...`) or a plain EVM
// chain id (`1`). Internally every chain is named by its CAIP-2 id.
import { InvalidChainIdError } from '../errors'

export type CaipNetworkId = `${string}:${string}`

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const EVM_CHAIN_ID = /^[1-9][0-9]{0,15}$/

function isEvmChainId(reference: string): boolean {
  return EVM_CHAIN_ID.test(reference) && Number(reference) <= Number.MAX_SAFE_INTEGER
}

/** `eip155:1` or `1` -> `eip155:1`; anything else throws InvalidChainIdError. */
export function parseChainId(value: string | number): CaipNetworkId {
  const text = String(value).trim()
  if (isEvmChainId(text)) return `eip155:${text}`
  const match = CAIP2.exec(text)
  if (!match) throw new InvalidChainIdError()
  const [, namespace = '', reference = ''] = match
  if (namespace === 'eip155' && !isEvmChainId(reference)) throw new InvalidChainIdError()
  return `${namespace}:${reference}`
}
