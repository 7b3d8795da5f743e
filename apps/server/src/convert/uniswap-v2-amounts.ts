// UniswapV2Library's arithmetic, as UniswapV2Router02.getAmountsOut runs it on chain: 0.3 % fee,
// integer division rounding down, each hop's output the next hop's input. Where the contract
// would revert (an input or a reserve of zero, a product past uint256), the result is undefined
// rather than a number the router would never pay.

/** One pool of a route, oriented along the trade. */
export interface HopReserves {
  reserveIn: bigint
  reserveOut: bigint
}

const UINT256_LIMIT = 1n << 256n

/** UniswapV2Library.getAmountOut; undefined where the library reverts. */
export function getAmountOut(amountIn: bigint, { reserveIn, reserveOut }: HopReserves) {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return undefined
  const amountInWithFee = amountIn * 997n
  const numerator = amountInWithFee * reserveOut
  const denominator = reserveIn * 1000n + amountInWithFee
  // SafeMath: each product and the sum must fit in uint256, else the call reverts.
  if (numerator >= UINT256_LIMIT || denominator >= UINT256_LIMIT) return undefined
  return numerator / denominator
}

/** UniswapV2Library.getAmountsOut: the amount after each hop, the input first. */
export function getAmountsOut(amountIn: bigint, hops: readonly HopReserves[]) {
  const amounts = [amountIn]
  let amount = amountIn
  for (const hop of hops) {
    const out = getAmountOut(amount, hop)
    if (out === undefined) return undefined
    amounts.push(out)
    amount = out
  }
  return amounts
}

/** Digits of a percent kept: 0.0001 %. */
const IMPACT_SCALE = 1_000_000n

/**
 * How much worse than the pools' mid price the trade pays, in percent, fees included:
 * 1 - amountOut / (amountIn x the product of reserveOut / reserveIn over the hops).
 */
export function priceImpactPercent(
  amountIn: bigint,
  amountOut: bigint,
  hops: readonly HopReserves[],
): number {
  let midNumerator = amountIn
  let midDenominator = 1n
  for (const { reserveIn, reserveOut } of hops) {
    midNumerator *= reserveOut
    midDenominator *= reserveIn
  }
  if (midNumerator === 0n) return 100
  const shortfall = midNumerator - amountOut * midDenominator
  if (shortfall <= 0n) return 0
  const scaled = (shortfall * 100n * IMPACT_SCALE) / midNumerator
  return Math.min(100, Number(scaled) / Number(IMPACT_SCALE))
}
