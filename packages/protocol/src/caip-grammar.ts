// The CAIP-2 / CAIP-10 grammar both sides check ids with: namespace [-a-z0-9]{3,8}, reference
// [-_a-zA-Z0-9]{1,32}, account address [-.%a-zA-Z0-9]{1,128}. No schema library here: the
// browser imports this module.

/** The chain namespaces the product knows (spec section 3). CAIP allows others. */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122'

/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`

/** `namespace:reference:address`, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`

const NAMESPACE = '[-a-z0-9]{3,8}'
const REFERENCE = '[-_a-zA-Z0-9]{1,32}'
const ACCOUNT_ADDRESS = '[-.%a-zA-Z0-9]{1,128}'

const NAMESPACE_ONLY = new RegExp(`^${NAMESPACE}$`)
const REFERENCE_ONLY = new RegExp(`^${REFERENCE}$`)
const ACCOUNT_ADDRESS_ONLY = new RegExp(`^${ACCOUNT_ADDRESS}$`)

/** A CAIP-10 account id; groups: namespace, reference, address. */
export const CAIP10_ACCOUNT = new RegExp(`^(${NAMESPACE}):(${REFERENCE}):(${ACCOUNT_ADDRESS})$`)

export function isCaipNamespace(value: string): boolean {
  return NAMESPACE_ONLY.test(value)
}

export function isCaipReference(value: string): boolean {
  return REFERENCE_ONLY.test(value)
}

export function isCaipAccountAddress(value: string): boolean {
  return ACCOUNT_ADDRESS_ONLY.test(value)
}
