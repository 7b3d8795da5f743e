import {
  accountStore,
  checkSwapAllowance,
  executeSwap,
  formatAmount,
  getActiveChainAccount,
  networkStore,
  requestSwapQuote,
  swapStore,
  tokensStore,
  unitsText,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { formStyles } from '../shared/form-styles'
import { SwapDetails } from '../shared/swap-details'

/**
 * What the swap pays and receives, at what rate, fee and minimum; then the wallet signs (the
 * token's approval first when the router may not spend enough of it).
 */
export default function SwapPreview() {
  injectViewStyles('form', formStyles)
  const client = usePorticoApiClient()
  const swap = useStore(swapStore)
  const tokens = useStore(tokensStore)
  const address = useStore(accountStore, (state) => state.byNamespace.eip155?.address)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const caipAddress = network && address ? `${network.caipNetworkId}:${address}` : undefined
  const balances = tokens.caipAddress === caipAddress ? tokens.balances : []

  // Opened without a quote (typing had not rested yet): asked now, without the wait.
  useEffect(() => {
    const account = getActiveChainAccount()
    if (!account) return
    if (!swapStore.get().quote) void requestSwapQuote(client, account, { delayMs: 0 })
    void checkSwapAllowance(client, account)
  }, [client])

  const { from, to, amount, quote } = swap
  if (!from || !to || !amount) {
    return (
      <div className="portico-view portico-center">
        <p className="portico-muted">Nothing to swap.</p>
        <Button variant="secondary" onClick={() => client.goBack()}>
          Back
        </Button>
      </div>
    )
  }
  const busy = swap.step !== undefined
  const action = swap.allowanceShort ? `Approve ${from.symbol} and swap` : 'Swap'
  return (
    <div className="portico-view portico-stack">
      <dl className="portico-summary" aria-label="Swap">
        <dt>You pay</dt>
        <dd>
          {formatAmount(amount)} {from.symbol}
        </dd>
        <dt>You receive</dt>
        <dd>
          {quote && !swap.quoteLoading
            ? `${formatAmount(unitsText(quote.toAmount, to.decimals))} ${to.symbol}`
            : 'Getting a quote…'}
        </dd>
        <dt>Network</dt>
        <dd>{network?.name ?? '…'}</dd>
      </dl>
      <SwapDetails
        swap={swap}
        balances={balances}
        nativeSymbol={network?.nativeCurrency.symbol ?? 'ETH'}
      />
      {swap.allowanceShort ? (
        <p className="portico-muted">
          Your wallet asks twice: first to let the exchange spend {formatAmount(amount)}{' '}
          {from.symbol}, then for the swap.
        </p>
      ) : null}
      {swap.error ? (
        <p className="portico-error-text" role="alert">
          {swap.error}
        </p>
      ) : null}
      <Button
        disabled={busy || !quote || swap.quoteLoading}
        onClick={() => {
          const account = getActiveChainAccount()
          if (account) void executeSwap(client, account)
        }}
      >
        {busy ? (swap.step === 'approve' ? 'Approving…' : 'Swapping…') : action}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => client.goBack()}>
        Cancel
      </Button>
    </div>
  )
}
