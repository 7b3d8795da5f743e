// The least a swap the server builds may pay (its amountOutMin): the quote the user accepted
// (`toAmount`), or else the pools' quote now, less the slippage. Never below what the pools pay
// now less MAX_SLIPPAGE_PERCENT, whatever toAmount says: a toAmount of 1 would otherwise build a
// swap that accepts next to nothing, which anyone may sandwich.
import { MAX_SLIPPAGE_PERCENT, minimumToAmount } from '@portico/protocol/convert-slippage'
import { ToAmountTooLowError } from './convert-errors'

/** amountOutMin; throws ToAmountTooLowError when `accepted` would take it below the floor. */
export function swapMinimum(
  quoted: bigint,
  accepted: bigint | undefined,
  slippagePercent: number,
): bigint {
  const floor = minimumToAmount(quoted, MAX_SLIPPAGE_PERCENT)
  const minimum = minimumToAmount(accepted ?? quoted, slippagePercent)
  // Refused rather than raised to the floor: the caller built on a figure that is not the pools'.
  if (minimum < floor) throw new ToAmountTooLowError(floor)
  return minimum
}
