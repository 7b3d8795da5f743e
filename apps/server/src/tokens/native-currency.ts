// The native coin of an EVM chain, and the address that stands for it where a token address is
// expected (ERC-7528: 0xEeee...EEeE), so every entry of a balance answer has a CAIP-10 id.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'

export { NATIVE_TOKEN_ADDRESS }

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The networks of docs/product.md#network whose coin is not ether. */
const NATIVE_CURRENCIES: Readonly<Record<string, NativeCurrency>> = {
  'eip155:137': { name: 'POL', symbol: 'POL', decimals: 18 },
  'eip155:43114': { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
}

/** Ether unless the chain is known to have another coin (local chains run ether). */
export function nativeCurrencyOf(chainId: CaipNetworkId): NativeCurrency {
  return NATIVE_CURRENCIES[chainId] ?? ETHER
}

export function isNativeTokenAddress(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()
}
