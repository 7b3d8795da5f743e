// The CAIP-2 / CAIP-10 grammar both sides check ids with: namespace [-a-z0-9]{3,8}, reference
// [-_a-zA-Z0-9]{1,32}, account address [-.%a-zA-Z0-9]{1,128}. No schema library here: the
// browser imports this module.

/** The chain namespaces the product knows (docs/product.md#network). CAIP allows others. */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122'

/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`

/** `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`

// Literals, not built from shared parts: a bundle drops a literal it never uses.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/** A CAIP-10 account id; groups: namespace, reference, address. */
export const CAIP10_ACCOUNT = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

export function isCaipNamespace(value: string): boolean {
  return NAMESPACE.test(value)
}

export function isCaipReference(value: string): boolean {
  return REFERENCE.test(value)
}

export function isCaipAccountAddress(value: string): boolean {
  return ACCOUNT_ADDRESS.test(value)
}
