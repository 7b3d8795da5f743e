// A quote: what a payment of `amount` (fees included) buys. The provider's fee is its share of
// the payment (rounded up to the cent), the network fee a flat sum; what is left is converted at
// the price book's USD price (euros through a fixed rate) and cut to ONRAMP_PURCHASE_DECIMALS.
// Everything is integer arithmetic on cents and base units: the same amount always gives the
// same coins, and the checkout pays exactly what the modal showed.
import { randomBytes } from 'node:crypto'
import type { OnrampPaymentMethod, OnrampQuote } from '@portico/protocol/onramp'
import { formatUnits, parseUnits } from 'viem'
import type { PriceBook } from '../prices/price-book'
import { formatCents, type OnrampNetworkEntry } from './onramp-catalog'
import {
  ONRAMP_LIMITS_CENTS,
  ONRAMP_NETWORK_FEE_CENTS,
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PROVIDERS,
  ONRAMP_PURCHASE_DECIMALS,
  ONRAMP_USD_CENTS_PER_EUR,
  type OnrampPaymentCurrencyId,
} from './onramp-constants'
import {
  AmountOutOfLimitsError,
  OnrampPriceUnavailableError,
  UnknownPaymentCurrencyError,
  UnknownProviderError,
} from './onramp-errors'

export type OnrampProviderEntry = (typeof ONRAMP_PROVIDERS)[number]

export function providerOf(id: string | undefined): OnrampProviderEntry {
  const provider =
    id === undefined ? ONRAMP_PROVIDERS[0] : ONRAMP_PROVIDERS.find((p) => p.id === id)
  if (!provider) throw new UnknownProviderError(String(id))
  return provider
}

export function paymentCurrencyOf(id: string): OnrampPaymentCurrencyId {
  const currency = ONRAMP_PAYMENT_CURRENCIES.find((known) => known === id)
  if (!currency) throw new UnknownPaymentCurrencyError()
  return currency
}

/** "100" or "100.5" -> 10050n; the pattern (FIAT_AMOUNT_PATTERN) is checked before. */
export function parseCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

export function checkLimits(
  cents: bigint,
  method: OnrampPaymentMethod,
  currency: OnrampPaymentCurrencyId,
): void {
  const limit = ONRAMP_LIMITS_CENTS[method]
  if (cents < limit.min || cents > limit.max) {
    throw new AmountOutOfLimitsError(
      method,
      formatCents(limit.min),
      formatCents(limit.max),
      currency,
    )
  }
}

export interface QuoteInput {
  network: OnrampNetworkEntry
  paymentCurrency: OnrampPaymentCurrencyId
  totalCents: bigint
  method: OnrampPaymentMethod
  provider: OnrampProviderEntry
}

export interface ComputedQuote {
  feeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  totalCents: bigint
  /** Base units of the bought coin. */
  purchaseBaseUnits: bigint
  purchaseAmount: string
}

/** Micro-units of the payment currency per whole coin. */
async function priceMicros(
  prices: PriceBook,
  input: Pick<QuoteInput, 'network' | 'paymentCurrency'>,
): Promise<bigint> {
  const usd = (await prices.usdPrices(input.network.chain, ['native'])).get('native')
  if (usd === undefined || !Number.isFinite(usd) || usd <= 0) {
    throw new OnrampPriceUnavailableError(input.network.currency.symbol)
  }
  const usdMicros = BigInt(Math.round(usd * 1e6))
  return input.paymentCurrency === 'USD' ? usdMicros : (usdMicros * 100n) / ONRAMP_USD_CENTS_PER_EUR
}

export async function computeQuote(prices: PriceBook, input: QuoteInput): Promise<ComputedQuote> {
  checkLimits(input.totalCents, input.method, input.paymentCurrency)
  return quoteAt(await priceMicros(prices, input), input)
}

function quoteAt(micros: bigint, input: QuoteInput): ComputedQuote {
  const feeCents = (input.totalCents * input.provider.feeBasisPoints + 9_999n) / 10_000n
  const networkFeeCents = ONRAMP_NETWORK_FEE_CENTS
  const subtotalCents = input.totalCents - feeCents - networkFeeCents
  const { decimals } = input.network.currency
  // cents -> micro-units: x 10^4.
  const exact = (subtotalCents * 10_000n * 10n ** BigInt(decimals)) / micros
  const step = 10n ** BigInt(Math.max(0, decimals - ONRAMP_PURCHASE_DECIMALS))
  const purchaseBaseUnits = (exact / step) * step
  return {
    feeCents,
    networkFeeCents,
    subtotalCents,
    totalCents: input.totalCents,
    purchaseBaseUnits,
    purchaseAmount: formatUnits(purchaseBaseUnits, decimals),
  }
}

/**
 * The payment (fees included, in cents) that buys at least `coins` (whole coins, cut to
 * ONRAMP_PURCHASE_DECIMALS): the quote's arithmetic run backwards, then the cents up to the
 * first total whose quote reaches it. Refused with the method's limits when it is outside them.
 */
export async function totalCentsFor(
  prices: PriceBook,
  input: Omit<QuoteInput, 'totalCents'>,
  coins: number,
): Promise<bigint> {
  const { decimals } = input.network.currency
  const wanted = parseUnits(coins.toFixed(ONRAMP_PURCHASE_DECIMALS), decimals)
  const micros = await priceMicros(prices, input)
  const unit = 10_000n * 10n ** BigInt(decimals)
  const subtotalCents = (wanted * micros + unit - 1n) / unit
  const basisPoints = input.provider.feeBasisPoints
  let totalCents =
    ((subtotalCents + ONRAMP_NETWORK_FEE_CENTS) * 10_000n + 10_000n - basisPoints - 1n) /
    (10_000n - basisPoints)
  // The fee's rounding up and the purchase's cut can leave it a cent or two short.
  while (quoteAt(micros, { ...input, totalCents }).purchaseBaseUnits < wanted) totalCents += 1n
  checkLimits(totalCents, input.method, input.paymentCurrency)
  return totalCents
}

export function toQuoteAnswer(quote: ComputedQuote, input: QuoteInput): OnrampQuote {
  const fiat = (cents: bigint) => ({ amount: formatCents(cents), currency: input.paymentCurrency })
  return {
    coinbaseFee: fiat(quote.feeCents),
    networkFee: fiat(quote.networkFeeCents),
    paymentSubtotal: fiat(quote.subtotalCents),
    paymentTotal: fiat(quote.totalCents),
    purchaseAmount: { amount: quote.purchaseAmount, currency: input.network.currency.symbol },
    quoteId: randomBytes(16).toString('hex'),
  }
}
