// The rule of a name to register (docs/product.md#validation-rules) and the zone names live in,
// written once for the server that enforces it and the modal that checks as the visitor types.
// Schema-free: the modal's chunk imports it without TypeBox.

/**
 * The one zone our names are registered in (ours: the spec fixes a zone without naming it).
 * A name is `{label}.{zone}`, e.g. `alice.portico.id`.
 */
export const NAME_ZONE = 'portico.id'

/** The spec's rule, word for word: also the message a name breaking it is refused with. */
export const NAME_RULE_MESSAGE =
  'Name to register: letters, digits and hyphens, at least 4 characters'

export const NAME_LABEL_MIN_LENGTH = 4
/** Ours: a DNS label's limit, so a name stays a valid ENS and DNS name. */
export const NAME_LABEL_MAX_LENGTH = 63

const LABEL = new RegExp(`^[A-Za-z0-9-]{${NAME_LABEL_MIN_LENGTH},${NAME_LABEL_MAX_LENGTH}}$`)

/** Whether `label` (a name without its zone) keeps the rule. */
export function isNameLabel(label: string): boolean {
  return LABEL.test(label)
}

/**
 * The label of `name` in our zone, lowercase (names are case-insensitive, as in ENS), or
 * undefined when `name` is not in our zone.
 */
export function labelInZone(name: string): string | undefined {
  const suffix = `.${NAME_ZONE}`
  if (!name.toLowerCase().endsWith(suffix)) return undefined
  return name.slice(0, -suffix.length).toLowerCase()
}

/** `label` in our zone: `alice` -> `alice.portico.id`. */
export function nameInZone(label: string): string {
  return `${label.toLowerCase()}.${NAME_ZONE}`
}

/** SLIP-44's high bit: an EVM chain's coin type is this | chainId (ENSIP-11). */
export const EVM_COIN_TYPE_BASE = 0x80000000
/** Ethereum mainnet's coin type (SLIP-44 60), which ENS clients read a name's address at. */
export const ETHEREUM_COIN_TYPE = 60

/** The coin type of an EVM chain (ENSIP-11). */
export function evmCoinType(chainId: number): number {
  return (EVM_COIN_TYPE_BASE | chainId) >>> 0
}

/** The EVM chain id of a coin type, or undefined when it names no EVM chain. */
export function chainIdOfCoinType(coinType: number): number | undefined {
  if (coinType === ETHEREUM_COIN_TYPE) return 1
  if (coinType <= EVM_COIN_TYPE_BASE || coinType > 0xffffffff) return undefined
  return coinType - EVM_COIN_TYPE_BASE
}

/**
 * How old a registration message may be, in seconds (ours): long enough for a person to read and
 * approve the signature in a wallet, short enough that a message seen once cannot be replayed
 * later. The peer allows 10 s, too short for a wallet that asks its user first.
 */
export const NAME_MESSAGE_MAX_AGE_S = 60
/** How far ahead of the server's clock a message may be dated (ours): a client clock's drift. */
export const NAME_MESSAGE_MAX_AHEAD_S = 30

/** Attributes a name may carry (ours; the peer takes `bio`), each at most this long. */
export const NAME_ATTRIBUTE_KEYS = ['avatar', 'bio'] as const
export const NAME_ATTRIBUTE_MAX_LENGTH = 255
