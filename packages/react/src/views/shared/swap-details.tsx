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
        <span className="portico-number">1 {from.symbol}</span> ={' '}
        <span className="portico-number">
          {formatSwapRate(rate)} {to.symbol}
        </span>
      </dd>
      <dt>Price impact</dt>
      <dd>
        <span className="portico-number">
          {quote.priceImpact === undefined ? '—' : `${quote.priceImpact.toFixed(2)}%`}
        </span>
      </dd>
      <dt>Network fee</dt>
      <dd>
        {fee ? (
          <>
            <span className="portico-number">
              {formatAmount(fee.numeric)} {fee.symbol}
            </span>
            {fee.value === undefined ? null : (
              <>
                {' '}
                <span className="portico-number">({formatFiat(fee.value)})</span>
              </>
            )}
          </>
        ) : (
          '…'
        )}
      </dd>
      <dt>Minimum received ({slippage}% slippage)</dt>
      <dd>
        <span className="portico-number">
          {formatAmount(minimum)} {to.symbol}
        </span>
      </dd>
    </dl>
  )
}
