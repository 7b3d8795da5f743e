import {
  accountStore,
  balanceOf,
  cancelSwapQuote,
  fillMaxSwapAmount,
  flipSwapTokens,
  formatAmount,
  getActiveChainAccount,
  loadSwapTokens,
  networkStore,
  pushView,
  requestSwapQuote,
  type SwapToken,
  setSwapAmount,
  swapDraftError,
  swapStore,
  tokensStore,
  unitsText,
} from '@portico/core'
import { useEffect, useId, useState } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { formStyles } from '../shared/form-styles'
import { SwapDetails } from '../shared/swap-details'
import { swapStyles } from '../shared/swap-styles'

/** Opens the token picker for one side. */
function TokenButton({ side, token }: { side: 'from' | 'to'; token: SwapToken | undefined }) {
  const role = side === 'from' ? 'Token to pay with' : 'Token to receive'
  return (
    <button
      type="button"
      className="portico-button portico-swap-token"
      data-variant="secondary"
      aria-label={`${role}: ${token ? token.symbol : 'none'}. Change`}
      onClick={() => pushView('SwapSelectToken', { side })}
    >
      {token ? <Avatar src={token.logoUri} name={token.symbol} size={20} round /> : null}
      {token?.symbol ?? 'Select token'}
    </button>
  )
}

/** The swap draft: what to pay, what to receive, the quote as the amount changes; then review. */
export default function Swap() {
  injectViewStyles('form', formStyles)
  injectViewStyles('swap', swapStyles)
  const client = usePorticoApiClient()
  const swap = useStore(swapStore)
  const tokens = useStore(tokensStore)
  const address = useStore(accountStore, (state) => state.byNamespace.eip155?.address)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [touched, setTouched] = useState(false)
  const ids = useId()
  const caipAddress = network && address ? `${network.caipNetworkId}:${address}` : undefined
  const balances = tokens.caipAddress === caipAddress ? tokens.balances : []
  const caipNetworkId = network?.caipNetworkId

  useEffect(() => {
    if (caipNetworkId) void loadSwapTokens(client, getActiveChainAccount())
  }, [client, caipNetworkId])
  // The quote follows the draft: asked once typing rests, an older answer never shown over a
  // newer one (core's requestSwapQuote).
  const fromId = swap.from?.address
  const toId = swap.to?.address
  const amount = swap.amount
  useEffect(() => {
    const account = getActiveChainAccount()
    if (account && (fromId !== undefined || toId !== undefined || amount !== undefined))
      void requestSwapQuote(client, account)
  }, [client, fromId, toId, amount])
  useEffect(() => () => cancelSwapQuote(), [])

  if (swap.tokensError) {
    return (
      <div className="portico-view portico-center">
        <p className="portico-error-text" role="alert">
          {swap.tokensError}
        </p>
        <Button variant="secondary" onClick={() => client.goBack()}>
          Back
        </Button>
      </div>
    )
  }
  if (swap.tokens.length === 0) {
    return (
      <div className="portico-view portico-center">
        {swap.tokensLoading || swap.caipNetworkId !== caipNetworkId ? (
          <Spinner label="Loading tokens" />
        ) : (
          <p className="portico-muted">No tokens to swap on this network.</p>
        )}
      </div>
    )
  }

  const fromBalance = balanceOf(swap.from, balances)
  const toBalance = balanceOf(swap.to, balances)
  const problem = swapDraftError(swap, balances)
  const shownProblem = touched || swap.amount ? problem : undefined
  const quoteShown = swap.quote && swap.to ? unitsText(swap.quote.toAmount, swap.to.decimals) : ''
  const ready = !problem && !!swap.amount && !!swap.quote && !swap.quoteLoading
  const label = !swap.amount
    ? 'Enter an amount'
    : (shownProblem?.shortMessage ?? (swap.quoteLoading ? 'Getting a quote…' : 'Review swap'))

  return (
    <form
      className="portico-view portico-stack"
      onSubmit={(event) => {
        event.preventDefault()
        setTouched(true)
        if (ready) client.navigate('SwapPreview')
      }}
    >
      {network ? <p className="portico-muted">On {network.name}</p> : null}
      <fieldset className="portico-swap-side">
        <legend className="portico-field">You pay</legend>
        <div className="portico-row portico-swap-line">
          <label className="portico-visually-hidden" htmlFor={`${ids}-amount`}>
            Amount to pay
          </label>
          <input
            id={`${ids}-amount`}
            className="portico-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={swap.amount ?? ''}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={`${ids}-problem`}
            onBlur={() => setTouched(true)}
            onChange={(event) => setSwapAmount(event.target.value || undefined)}
          />
          <TokenButton side="from" token={swap.from} />
        </div>
        <div className="portico-row portico-swap-balance">
          <span className="portico-muted">
            Balance: {formatAmount(fromBalance?.quantity.numeric)} {swap.from?.symbol ?? ''}
          </span>
          <Button
            variant="secondary"
            disabled={!swap.from || !fromBalance}
            onClick={() => fillMaxSwapAmount()}
          >
            Max
          </Button>
        </div>
      </fieldset>
      <Button variant="secondary" aria-label="Switch tokens" onClick={() => flipSwapTokens()}>
        ↑↓
      </Button>
      <fieldset className="portico-swap-side">
        <legend className="portico-field">You receive</legend>
        <div className="portico-row portico-swap-line">
          <output
            className="portico-input portico-swap-output"
            aria-label="Amount to receive"
            aria-busy={swap.quoteLoading}
          >
            {swap.quoteLoading ? '…' : quoteShown ? formatAmount(quoteShown) : '0.0'}
          </output>
          <TokenButton side="to" token={swap.to} />
        </div>
        {swap.to ? (
          <span className="portico-muted">
            Balance: {formatAmount(toBalance?.quantity.numeric)} {swap.to.symbol}
          </span>
        ) : null}
      </fieldset>
      <SwapDetails
        swap={swap}
        balances={balances}
        nativeSymbol={network?.nativeCurrency.symbol ?? 'ETH'}
      />
      <p className="portico-error-text" role="status" id={`${ids}-problem`}>
        {shownProblem?.shortMessage ?? ''}
      </p>
      {swap.quoteError ? (
        <p className="portico-error-text" role="alert">
          {swap.quoteError}
        </p>
      ) : null}
      <Button type="submit" disabled={!ready}>
        {label}
      </Button>
    </form>
  )
}
