// Buying crypto by card (docs/product.md#calls, onramp): options (built-in defaults when they
// cannot be fetched), a quote for what the buyer typed (the limits checked here first; a
// placeholder quote when the call fails), the provider's page opened in the window the click
// opened, and the order followed until the coins arrive: then a success toast and fresh balances.

import type { ChainAccount } from '../adapters/chain-adapter'
import type { HttpClient } from '../api/http'
import {
  createOnrampApi,
  DEFAULT_ONRAMP_OPTIONS,
  type OnrampApi,
  type OnrampOptions,
  type OnrampOrder,
  placeholderQuote,
} from '../api/onramp'
import { PorticoError } from '../errors/portico-error'
import { formatAmount } from '../format/number'
import {
  followOnrampOrder,
  onrampStore,
  setOnrampError,
  setOnrampOptions,
  setOnrampQuote,
  updateOnrampOrder,
} from '../state/onramp'
import { showSuccess } from '../state/toast'
import { fetchAccountTokens, type TokensClient } from './account-tokens'

/** Ours: how often the order is asked for while the buyer pays. */
export const ONRAMP_ORDER_POLL_MS = 1_000

export interface OnrampClient extends TokensClient {
  api: TokensClient['api'] & { http: HttpClient }
}

const apis = new WeakMap<HttpClient, OnrampApi>()
function onrampApiOf(client: OnrampClient): OnrampApi {
  let api = apis.get(client.api.http)
  if (!api) {
    api = createOnrampApi(client.api.http)
    apis.set(client.api.http, api)
  }
  return api
}

export async function loadOnrampOptions(client: OnrampClient): Promise<void> {
  try {
    const options = await onrampApiOf(client).fetchOptions()
    if (!Array.isArray(options?.purchaseCurrencies) || !Array.isArray(options.paymentCurrencies))
      throw new Error('malformed options')
    setOnrampOptions(
      { ...options, providers: options.providers ?? DEFAULT_ONRAMP_OPTIONS.providers },
      false,
    )
  } catch {
    setOnrampOptions(DEFAULT_ONRAMP_OPTIONS, true)
  }
}

/** What is bought on the network (`eip155:1`): its currency and the network's name. */
export function onrampTarget(
  options: OnrampOptions,
  caipNetworkId: string,
): { currency: string; symbol: string; network: string } | undefined {
  const reference = caipNetworkId.split(':')[1]
  for (const currency of options.purchaseCurrencies) {
    const network = currency.networks.find((entry) => entry.chain_id === reference)
    if (network) return { currency: currency.id, symbol: currency.symbol, network: network.name }
  }
  return undefined
}

const AMOUNT = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/

/** Why `amount` cannot be paid by card in `currency`; undefined when it can. */
export function onrampAmountProblem(
  options: OnrampOptions,
  currency: string,
  amount: string,
): string | undefined {
  const typed = amount.trim().replace(/,/g, '')
  if (!AMOUNT.test(typed)) return 'Enter an amount, e.g. 100.00'
  const limit = options.paymentCurrencies
    .find((entry) => entry.id === currency)
    ?.payment_method_limits.find((entry) => entry.id === 'card')
  if (!limit) return `${currency} cannot be paid by card`
  const value = Number(typed)
  if (value < Number(limit.min) || value > Number(limit.max)) {
    return `By card, the amount must be between ${limit.min} and ${limit.max} ${currency}`
  }
  return undefined
}

/** Quotes what the store holds for the network; the limits are checked first. */
export async function quoteOnramp(
  client: OnrampClient,
  caipNetworkId: string,
  signal?: AbortSignal,
): Promise<void> {
  const state = onrampStore.get()
  const options = state.options ?? DEFAULT_ONRAMP_OPTIONS
  const target = onrampTarget(options, caipNetworkId)
  if (!target) {
    setOnrampQuote(undefined, { error: 'Buying is not available on this network' })
    return
  }
  const problem = onrampAmountProblem(options, state.paymentCurrency, state.amount)
  if (problem) {
    setOnrampQuote(undefined, { error: problem })
    return
  }
  const body = {
    purchaseCurrency: target.currency,
    paymentCurrency: state.paymentCurrency,
    amount: state.amount.trim().replace(/,/g, ''),
    network: target.network,
    paymentMethod: 'card' as const,
    ...(state.providerId ? { provider: state.providerId } : {}),
  }
  setOnrampQuote(undefined, { loading: true })
  try {
    const quote = await onrampApiOf(client).fetchQuote(body, signal)
    if (signal?.aborted) return
    setOnrampQuote(quote)
  } catch {
    if (signal?.aborted) return
    setOnrampQuote(placeholderQuote(body), { placeholder: true })
  }
}

export class OnrampStartError extends PorticoError {
  override name = 'OnrampStartError'
  constructor(cause?: unknown) {
    super('The purchase could not be started', { cause, code: 'ONRAMP_START_FAILED' })
  }
}

/**
 * Starts an order and shows its provider page in `popup`, the window the click opened (opened
 * there and then, so no blocker stops it). Resolves with the page's URL.
 */
export async function startOnrampPurchase(
  client: OnrampClient,
  account: ChainAccount,
  popup: Window | null,
): Promise<string> {
  const input = { address: account.address, caipNetworkId: account.caipNetworkId, popup }
  const state = onrampStore.get()
  const options = state.options ?? DEFAULT_ONRAMP_OPTIONS
  const target = onrampTarget(options, input.caipNetworkId)
  try {
    if (!target) throw new Error('no network')
    const amount = Number(state.amount.trim().replace(/,/g, ''))
    const answer = await onrampApiOf(client).generateUrl({
      destinationWallets: [
        { address: input.address, blockchains: [target.network], assets: [target.currency] },
      ],
      defaultNetwork: target.network,
      partnerUserId: input.address,
      defaultExperience: 'buy',
      presetFiatAmount: amount,
      ...(state.providerId ? { provider: state.providerId } : {}),
      purchaseCurrency: target.currency,
      paymentCurrency: state.paymentCurrency,
    })
    if (input.popup && !input.popup.closed) {
      // The provider's page gets no handle on the host's page (what noopener would give, had
      // the window not been opened before its URL was known).
      input.popup.opener = null
      input.popup.location.href = answer.url
    }
    followOnrampOrder(answer.url, {
      orderId: answer.orderId,
      status: 'created',
      provider: state.providerId ?? '',
      chain: input.caipNetworkId,
      destination: input.address,
      paymentTotal: null,
      purchaseAmount: null,
      txHash: null,
      message: null,
    })
    return answer.url
  } catch (error) {
    input.popup?.close()
    const failure = new OnrampStartError(error)
    setOnrampError(failure.shortMessage)
    throw failure
  }
}

const FINISHED: readonly OnrampOrder['status'][] = ['paid', 'declined', 'failed']

/**
 * Follows the order in the store until it is paid, declined or failed (or `signal` aborts).
 * Paid: a success toast and the account's balances read again.
 */
export async function followOnrampPurchase(
  client: OnrampClient,
  account: ChainAccount,
  signal: AbortSignal,
): Promise<void> {
  const api = onrampApiOf(client)
  while (!signal.aborted) {
    const current = onrampStore.get().order
    if (!current || FINISHED.includes(current.status)) return
    try {
      const order = await api.fetchOrder(current.orderId, signal)
      if (signal.aborted || onrampStore.get().order?.orderId !== order.orderId) return
      updateOnrampOrder(order)
      if (order.status === 'paid') {
        const bought = order.purchaseAmount
        showSuccess(
          bought ? `Bought ${formatAmount(bought.amount)} ${bought.currency}` : 'Purchase complete',
        )
        await fetchAccountTokens(client, account, { forceUpdate: true })
        return
      }
      if (FINISHED.includes(order.status)) return
    } catch {
      // Asked again at the next tick: the provider's page is what the buyer is looking at.
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ONRAMP_ORDER_POLL_MS)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}
