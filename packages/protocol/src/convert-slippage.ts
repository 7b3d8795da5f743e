// Swap numbers both sides use, without a schema library so the browser may import them: the
// native coin's address as the convert answers write it, the slippage tolerance
// (docs/product.md#constants: 1 % by default) and the minimum a swap must pay at a slippage, as
// the server writes it into the swap's calldata (amountOutMin).

import { NATIVE_TOKEN_ADDRESS } from './native-token'

/**
 * `<caip2>:CONVERT_NATIVE_TOKEN_ADDRESS` is the chain's native coin (ETH) in every convert
 * answer: ERC-7528's address in lower case, as the peers' swap clients write and compare it.
 * The routes read a token id in any case, so the checksummed form is accepted too.
 */
export const CONVERT_NATIVE_TOKEN_ADDRESS =
  /* @__PURE__ */ NATIVE_TOKEN_ADDRESS.toLowerCase() as Lowercase<typeof NATIVE_TOKEN_ADDRESS>

/** Percent; what build-transaction uses when the body has no `eip155.slippage`. */
export const DEFAULT_SLIPPAGE_PERCENT = 1

/** Ours: a tolerance above half the amount is a typo, not a choice. */
export const MAX_SLIPPAGE_PERCENT = 50

/** Slippage is applied in basis points: 0.5 % is 50 of 10,000. */
const BASIS_POINTS = 10_000n

/**
 * The least `toAmount` (base units) a swap built at `slippagePercent` accepts: the quote less
 * the tolerance, rounded down to the basis point and then to the base unit.
 */
export function minimumToAmount(toAmount: bigint, slippagePercent: number): bigint {
  const bps = BigInt(Math.round(slippagePercent * 100))
  return (toAmount * (BASIS_POINTS - bps)) / BASIS_POINTS
}
