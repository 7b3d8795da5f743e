// Numbers of the convert routes. Ours, not the spec's (the spec's slippage default is in
// @portico/protocol/convert-slippage).

/** A swap built now may be sent for this long; the router refuses it after (EXPIRED). */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/**
 * Gas limits when the chain is not asked (disableEstimate, and quote.gas). Measured on the
 * devnet's pools (convert-swap.test.ts): one hop used 94,000-111,000 gas, two hops
 * 140,000-160,000, the first swap of a token into an empty balance the most; these leave
 * about a third on top.
 */
export const SWAP_GAS_ONE_HOP = 150_000n
export const SWAP_GAS_PER_EXTRA_HOP = 70_000n
/** approve() on an ERC-20: about 46,000 from zero, less after. */
export const APPROVE_GAS = 65_000n

/** An estimate from the chain gets this much on top (percent): state may move before sending. */
export const GAS_ESTIMATE_HEADROOM_PERCENT = 20n

/** gas-price's fast and instant over the chain's price (percent). */
export const GAS_PRICE_FAST_PERCENT = 125n
export const GAS_PRICE_INSTANT_PERCENT = 150n

export function swapGasLimit(hops: number): bigint {
  return SWAP_GAS_ONE_HOP + SWAP_GAS_PER_EXTRA_HOP * BigInt(Math.max(0, hops - 1))
}
