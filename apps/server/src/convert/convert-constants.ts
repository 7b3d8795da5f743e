// Numbers of the convert routes. Ours, not the spec's (the spec's slippage default is in
// @portico/protocol/convert-slippage).

/** A swap built now may be sent for this long; the router refuses it after (EXPIRED). */
export const SWAP_DEADLINE_SECONDS = 20 * 60

/**
 * Gas limits when the chain is not asked (disableEstimate, and quote.gas). Measured on the
 * devnet's pools (swap.test.ts): one hop used 112,000-118,000 gas, two hops 142,000-197,000,
 * the most when the bought token lands in an empty balance (a fresh storage slot); these leave
 * a quarter or more on top.
 */
export const SWAP_GAS_ONE_HOP = 150_000n
export const SWAP_GAS_PER_EXTRA_HOP = 100_000n
/** approve() on an ERC-20: 46,300-46,600 measured from a zero allowance. */
export const APPROVE_GAS = 65_000n

/** An estimate from the chain gets this much on top (percent): state may move before sending. */
export const GAS_ESTIMATE_HEADROOM_PERCENT = 20n

/** gas-price's fast and instant over the chain's price (percent). */
export const GAS_PRICE_FAST_PERCENT = 125n
export const GAS_PRICE_INSTANT_PERCENT = 150n

export function swapGasLimit(hops: number): bigint {
  return SWAP_GAS_ONE_HOP + SWAP_GAS_PER_EXTRA_HOP * BigInt(Math.max(0, hops - 1))
}
