import {
  formatAmount,
  getActiveChainAccount,
  loadOnrampOptions,
  networkStore,
  onrampStore,
  onrampTarget,
  quoteOnramp,
  setOnrampAmount,
  setOnrampPaymentCurrency,
  setOnrampProvider,
  startOnrampPurchase,
} from '@portico/core'
import { useEffect, useId, useState } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Button } from '../../ui/button'
import { onRampStyles } from './on-ramp-styles'

/** Ours: the amounts one click fills in. */
const PRESETS = ['50', '100', '250']
/** Ours: typing settles this long before a quote is asked for. */
const QUOTE_DELAY_MS = 300

/** Buy crypto: a provider with its fee, currency and amount (with presets), the quote. */
export default function OnRampProviders() {
  injectViewStyles('onramp', onRampStyles)
  const client = usePorticoApiClient()
  const state = useStore(onrampStore)
  const network = useStore(networkStore, (networks) => networks.activeCaipNetwork)
  const [starting, setStarting] = useState(false)
  const ids = useId()

  useEffect(() => {
    void loadOnrampOptions(client)
  }, [client])

  const caipNetworkId = network?.caipNetworkId
  const { options, providerId, paymentCurrency, amount } = state
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteOnramp reads the provider, currency and amount from the store; a change of any of them asks again
  useEffect(() => {
    if (!options || !caipNetworkId) return
    const controller = new AbortController()
    const timer = setTimeout(
      () => void quoteOnramp(client, caipNetworkId, controller.signal),
      QUOTE_DELAY_MS,
    )
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [client, options, providerId, paymentCurrency, amount, caipNetworkId])

  const namespace = network?.chainNamespace ?? 'eip155'
  const providers = (options?.providers ?? []).filter((provider) =>
    provider.namespaces.includes(namespace),
  )
  const target = options && caipNetworkId ? onrampTarget(options, caipNetworkId) : undefined
  const quote = state.quote
  const ready = quote !== undefined && !state.error && !state.quoteLoading && !starting

  async function start() {
    const account = getActiveChainAccount()
    if (!account) return
    // Opened now, inside the click: a window opened after an await is a blocked pop-up.
    const popup = window.open('about:blank', '_blank')
    setStarting(true)
    try {
      await startOnrampPurchase(client, account, popup)
      client.navigate('BuyInProgress')
    } catch {
      // The flow put its message in the store; it shows below the amount.
    } finally {
      setStarting(false)
    }
  }

  return (
    <form
      className="portico-view portico-stack"
      onSubmit={(event) => {
        event.preventDefault()
        if (ready) void start()
      }}
    >
      {!options ? (
        <p className="portico-muted" role="status">
          Loading providers…
        </p>
      ) : (
        <fieldset className="portico-providers">
          <legend>Provider</legend>
          {providers.map((provider) => (
            <label key={provider.id} className="portico-provider">
              <input
                type="radio"
                name={`${ids}-provider`}
                value={provider.id}
                checked={provider.id === providerId}
                onChange={() => setOnrampProvider(provider.id)}
              />
              <span>{provider.name}</span>
              <span>Fee {provider.feePercent} %</span>
            </label>
          ))}
        </fieldset>
      )}
      {target ? (
        <p className="portico-muted">
          Buy {target.symbol} on {network?.name}
        </p>
      ) : null}
      <label className="portico-field" htmlFor={`${ids}-currency`}>
        Pay with
      </label>
      <select
        id={`${ids}-currency`}
        className="portico-input"
        value={paymentCurrency}
        onChange={(event) => setOnrampPaymentCurrency(event.target.value)}
      >
        {(options?.paymentCurrencies ?? []).map((currency) => (
          <option key={currency.id} value={currency.id}>
            {currency.id}
          </option>
        ))}
      </select>
      <label className="portico-field" htmlFor={`${ids}-amount`}>
        Amount
      </label>
      <input
        id={`${ids}-amount`}
        className="portico-input"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={`${ids}-problem`}
        onChange={(event) => setOnrampAmount(event.target.value)}
      />
      <div className="portico-row">
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            variant="secondary"
            aria-pressed={amount === preset}
            onClick={() => setOnrampAmount(preset)}
          >
            {preset} {paymentCurrency}
          </Button>
        ))}
      </div>
      <p className="portico-error-text" role="alert" id={`${ids}-problem`}>
        {state.error ?? ''}
      </p>
      {quote && !state.error ? (
        state.quotePlaceholder ? (
          <p className="portico-muted" role="status">
            No quote right now: the provider shows the final price.
          </p>
        ) : (
          <dl className="portico-summary" aria-label="Quote">
            <dt>You get</dt>
            <dd>
              {formatAmount(quote.purchaseAmount.amount)} {quote.purchaseAmount.currency}
            </dd>
            <dt>Provider fee</dt>
            <dd>
              {quote.coinbaseFee.amount} {quote.coinbaseFee.currency}
            </dd>
            <dt>Network fee</dt>
            <dd>
              {quote.networkFee.amount} {quote.networkFee.currency}
            </dd>
            <dt>Total</dt>
            <dd>
              {quote.paymentTotal.amount} {quote.paymentTotal.currency}
            </dd>
          </dl>
        )
      ) : state.quoteLoading ? (
        <p className="portico-muted" role="status">
          Getting a quote…
        </p>
      ) : null}
      <Button type="submit" disabled={!ready}>
        {starting ? 'Opening…' : 'Continue in external window'}
      </Button>
    </form>
  )
}
