// The native coin of an EVM chain, and the address that stands for it where a token address is
// expected (ERC-7528: 0xEeee...EEeE), so every entry of a balance answer has a CAIP-10 id.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { ETHER, type EvmNativeCurrency, findEvmNetworkInfo } from '@portico/protocol/evm-networks'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'

export { NATIVE_TOKEN_ADDRESS }

/**
 * The coin of a network the product knows (the protocol's table, which the modal and the wallet
 * frame read too); ether for any other EVM chain (local chains run ether).
 */
export function nativeCurrencyOf(chainId: CaipNetworkId): EvmNativeCurrency {
  const [namespace, reference] = chainId.split(':')
  const known = namespace === 'eip155' ? findEvmNetworkInfo(Number(reference)) : undefined
  return known?.nativeCurrency ?? ETHER
}

export function isNativeTokenAddress(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()
}
