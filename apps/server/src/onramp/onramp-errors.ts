// The onramp's refusals (400 unless said). The spec names none of these messages; they say what
// to change.
import { defineServerError } from '../errors'

export const OnrampUnavailableError = defineServerError({
  name: 'OnrampUnavailableError',
  status: 400,
  code: 'ONRAMP_UNAVAILABLE',
  message: 'Onramp is not available on this server',
})

export const UnknownOnrampNetworkError = defineServerError({
  name: 'UnknownOnrampNetworkError',
  status: 400,
  code: 'ONRAMP_UNKNOWN_NETWORK',
  message: (network: string) => `Network not supported for Onramp: ${network}`,
})

export const UnknownPurchaseCurrencyError = defineServerError({
  name: 'UnknownPurchaseCurrencyError',
  status: 400,
  code: 'ONRAMP_UNKNOWN_PURCHASE_CURRENCY',
  message: (currency: string, network: string) => `${currency} cannot be bought on ${network}`,
})

export const UnknownPaymentCurrencyError = defineServerError({
  name: 'UnknownPaymentCurrencyError',
  status: 400,
  code: 'ONRAMP_UNKNOWN_PAYMENT_CURRENCY',
  message: 'Payment currency must be USD or EUR',
})

export const UnknownProviderError = defineServerError({
  name: 'UnknownProviderError',
  status: 400,
  code: 'ONRAMP_UNKNOWN_PROVIDER',
  message: (provider: string) => `Unknown onramp provider: ${provider}`,
})

export const AmountOutOfLimitsError = defineServerError({
  name: 'AmountOutOfLimitsError',
  status: 400,
  code: 'ONRAMP_AMOUNT_OUT_OF_LIMITS',
  message: (method: string, min: string, max: string, currency: string) =>
    `${method === 'card' ? 'By card' : 'By bank account'}, the amount must be between ${min} and ${max} ${currency}`,
})

export const InvalidDestinationError = defineServerError({
  name: 'InvalidDestinationError',
  status: 400,
  code: 'ONRAMP_INVALID_DESTINATION',
  message: (network: string) =>
    `No destination wallet for ${network}: an address (0x + 40 hex) is required`,
})

export const OnrampPriceUnavailableError = defineServerError({
  name: 'OnrampPriceUnavailableError',
  status: 503,
  code: 'ONRAMP_PRICE_UNAVAILABLE',
  message: (symbol: string) => `No price for ${symbol} right now`,
})

export const OrderNotFoundError = defineServerError({
  name: 'OrderNotFoundError',
  status: 404,
  code: 'ONRAMP_ORDER_NOT_FOUND',
  message: 'Order not found',
})
