import {
  findNativeBalance,
  formatAmount,
  formatFiat,
  formatSwapRate,
  minimumReceived,
  networkFee,
  SWAP_GAS_ESTIMATE,
  type SwapState,
  swapRate,
  type TokenBalance,
  unitsText,
} from '@portico/core'

/** Rate, price impact, network fee and minimum received of the draft's quote. */
export function SwapDetails({
  swap,
  balances,
  nativeSymbol,
}: {
  swap: SwapState
  balances: readonly TokenBalance[]
  nativeSymbol: string
}) {
  const { quote, from, to, gasPrice, slippage } = swap
  if (!quote || !from || !to) return null
  const native = findNativeBalance(balances)
  const fee =
    gasPrice === undefined
      ? undefined
      : networkFee(quote.gas ?? SWAP_GAS_ESTIMATE, gasPrice, {
          symbol: native?.symbol ?? nativeSymbol,
          price: native?.price,
        })
  const minimum = unitsText(minimumReceived(quote.toAmount, slippage), to.decimals)
  const rate = swapRate(quote, from, to)
  return (
    <dl className="portico-summary" aria-label="Swap details">
      <dt>Rate</dt>
      <dd>
        1 {from.symbol} = {formatSwapRate(rate)} {to.symbol}
      </dd>
      <dt>Price impact</dt>
      <dd>{quote.priceImpact === undefined ? '—' : `${quote.priceImpact.toFixed(2)}%`}</dd>
      <dt>Network fee</dt>
      <dd>
        {fee
          ? `${formatAmount(fee.numeric)} ${fee.symbol}${fee.value === undefined ? '' : ` (${formatFiat(fee.value)})`}`
          : '…'}
      </dd>
      <dt>Minimum received ({slippage}% slippage)</dt>
      <dd>
        {formatAmount(minimum)} {to.symbol}
      </dd>
    </dl>
  )
}
