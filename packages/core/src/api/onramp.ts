// The onramp's calls to our server (docs/product.md#calls): options, a quote, the provider URL
// that starts an order, and the order's state. The fallbacks the spec asks for (built-in options,
// a placeholder quote) are the flow's (actions/onramp-flow.ts), so a caller can tell them apart.

import type {
  OnrampOptions,
  OnrampOrder,
  OnrampQuote,
  OnrampQuoteBody,
  OnrampUrlAnswer,
  OnrampUrlBody,
} from '@portico/protocol/onramp'
import {
  ONRAMP_OPTIONS_PATH,
  ONRAMP_ORDER_PATH,
  ONRAMP_QUOTE_PATH,
  ONRAMP_URL_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import {
  ONRAMP_BANK_ACCOUNT_MAX_AMOUNT,
  ONRAMP_BANK_ACCOUNT_MIN_AMOUNT,
  ONRAMP_CARD_MAX_AMOUNT,
  ONRAMP_CARD_MIN_AMOUNT,
  ONRAMP_DEFAULT_CURRENCIES,
} from '../constants'
import type { HttpClient } from './http'

export type { OnrampOptions, OnrampOrder, OnrampQuote, OnrampQuoteBody, OnrampUrlBody }

export interface OnrampApi {
  fetchOptions(signal?: AbortSignal): Promise<OnrampOptions>
  fetchQuote(body: OnrampQuoteBody, signal?: AbortSignal): Promise<OnrampQuote>
  generateUrl(body: OnrampUrlBody): Promise<OnrampUrlAnswer>
  fetchOrder(orderId: string, signal?: AbortSignal): Promise<OnrampOrder>
}

export function createOnrampApi(http: HttpClient): OnrampApi {
  return {
    fetchOptions: (signal) => http.get<OnrampOptions>(ONRAMP_OPTIONS_PATH, { signal }),
    fetchQuote: (body, signal) => http.post<OnrampQuote>(ONRAMP_QUOTE_PATH, body, { signal }),
    generateUrl: (body) => http.post<OnrampUrlAnswer>(ONRAMP_URL_PATH, body),
    fetchOrder: (orderId, signal) =>
      http.get<OnrampOrder>(routePath(ONRAMP_ORDER_PATH, { orderId }), { signal }),
  }
}

/** docs/product.md#constants: what the modal offers when the options cannot be fetched. */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptions = {
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
      ],
    },
  ],
  paymentCurrencies: ONRAMP_DEFAULT_CURRENCIES.map((id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: ONRAMP_CARD_MIN_AMOUNT, max: ONRAMP_CARD_MAX_AMOUNT },
      {
        id: 'bank_account',
        min: ONRAMP_BANK_ACCOUNT_MIN_AMOUNT,
        max: ONRAMP_BANK_ACCOUNT_MAX_AMOUNT,
      },
    ],
  })),
  // Ours, inside the spec's 1-2 % (two providers, one for eip155 and solana).
  providers: [
    {
      id: 'portico-sandbox',
      name: 'Portico Sandbox',
      feePercent: 1.5,
      namespaces: ['eip155', 'solana'],
    },
    { id: 'sandbox-express', name: 'Sandbox Express', feePercent: 1.9, namespaces: ['eip155'] },
  ],
}

/** docs/product.md#calls: what a failed quote shows (no amounts known). */
export function placeholderQuote(body: OnrampQuoteBody): OnrampQuote {
  const fiat = (amount: string) => ({ amount, currency: body.paymentCurrency })
  return {
    coinbaseFee: fiat('0'),
    networkFee: fiat('0'),
    paymentSubtotal: fiat('0'),
    paymentTotal: fiat(body.amount),
    purchaseAmount: { amount: '0', currency: body.purchaseCurrency },
    quoteId: 'placeholder',
  }
}
