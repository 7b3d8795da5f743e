// Buying crypto (docs/product.md#calls, onramp): the options, what the buyer picked, the quote,
// and the order being followed once the provider's window is open.
import type { OnrampOptions, OnrampOrder, OnrampQuote } from '../api/onramp'
import { createStore } from './store'

export interface OnrampState {
  options: OnrampOptions | undefined
  /** The options are the built-in defaults: fetching them failed. */
  optionsFallback: boolean
  providerId: string | undefined
  paymentCurrency: string
  /** What the buyer pays, as typed (a decimal number). */
  amount: string
  quote: OnrampQuote | undefined
  /** The quote is the placeholder: fetching it failed. */
  quotePlaceholder: boolean
  quoteLoading: boolean
  /** Why the amount cannot be bought (limits), or why the purchase could not start. */
  error: string | undefined
  /** The provider page of the order being followed. */
  checkoutUrl: string | undefined
  order: OnrampOrder | undefined
}

export const onrampStore = /* @__PURE__ */ createStore<OnrampState>(() => ({
  options: undefined,
  optionsFallback: false,
  providerId: undefined,
  paymentCurrency: 'USD',
  amount: '100',
  quote: undefined,
  quotePlaceholder: false,
  quoteLoading: false,
  error: undefined,
  checkoutUrl: undefined,
  order: undefined,
}))

export function setOnrampOptions(options: OnrampOptions, fallback: boolean): void {
  const { providerId } = onrampStore.get()
  const known = options.providers.some((provider) => provider.id === providerId)
  onrampStore.set({
    options,
    optionsFallback: fallback,
    providerId: known ? providerId : options.providers[0]?.id,
  })
}

// A change drops the quote (it was for something else); picking what is picked already keeps it.
export function setOnrampProvider(providerId: string): void {
  if (onrampStore.get().providerId !== providerId) onrampStore.set({ providerId, quote: undefined })
}

export function setOnrampPaymentCurrency(paymentCurrency: string): void {
  if (onrampStore.get().paymentCurrency !== paymentCurrency)
    onrampStore.set({ paymentCurrency, quote: undefined })
}

export function setOnrampAmount(amount: string): void {
  if (onrampStore.get().amount !== amount) onrampStore.set({ amount, quote: undefined })
}

export function setOnrampQuote(
  quote: OnrampQuote | undefined,
  options: { placeholder?: boolean; loading?: boolean; error?: string } = {},
): void {
  onrampStore.set({
    quote,
    quotePlaceholder: options.placeholder ?? false,
    quoteLoading: options.loading ?? false,
    error: options.error,
  })
}

export function setOnrampError(error: string | undefined): void {
  onrampStore.set({ error })
}

export function followOnrampOrder(checkoutUrl: string, order: OnrampOrder): void {
  onrampStore.set({ checkoutUrl, order })
}

export function updateOnrampOrder(order: OnrampOrder): void {
  onrampStore.set({ order })
}
