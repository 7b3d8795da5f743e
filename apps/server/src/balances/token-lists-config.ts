// Reads the `tokenLists` configuration (PORTICO_TOKEN_LISTS, JSON, or the start script's
// overrides): chain id (`1` or `eip155:1`) -> the ERC-20 contracts every balance answer checks.
//   {"1": ["0x8ce361602B935680E8DeC218b820ff5056BeB7af", "0xe1Aa..."]}
// Throws RangeError with a message fit for people; config.ts turns it into a ConfigError.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import type { Address } from 'viem'
import { parseChainId } from '../chains/chain-id'

/** Chain (CAIP-2) -> ERC-20 contract addresses. */
export type TokenListsConfig = Partial<Record<CaipNetworkId, Address[]>>

/** Most tokens a chain's list may hold: each one is a call in every uncached balance read. */
export const TOKEN_LIST_MAX_LENGTH = 500

/** Accepts an object, or JSON text of one (an environment variable); undefined is none. */
export function readTokenLists(input: unknown): TokenListsConfig {
  if (input === undefined || (typeof input === 'string' && input.trim() === '')) return {}
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw new RangeError('PORTICO_TOKEN_LISTS must be JSON: {"<chain id>": ["0x...", ...]}')
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RangeError('tokenLists must be an object keyed by chain id')
  }
  const lists: TokenListsConfig = {}
  for (const [chainId, tokens] of Object.entries(value)) {
    let key: CaipNetworkId
    try {
      key = parseChainId(chainId)
    } catch {
      throw new RangeError(`tokenLists: ${JSON.stringify(chainId)} is not a CAIP-2 or EVM chain id`)
    }
    if (!Array.isArray(tokens) || tokens.length > TOKEN_LIST_MAX_LENGTH) {
      throw new RangeError(
        `tokenLists[${JSON.stringify(chainId)}] must be a list of at most ${TOKEN_LIST_MAX_LENGTH} addresses`,
      )
    }
    const seen = new Map<string, Address>()
    for (const token of tokens) {
      if (typeof token !== 'string' || !isEvmAddressShape(token)) {
        throw new RangeError(
          `tokenLists[${JSON.stringify(chainId)}] holds ${JSON.stringify(token)}, not an address`,
        )
      }
      seen.set(token.toLowerCase(), token as Address)
    }
    lists[key] = [...seen.values()]
  }
  return lists
}
