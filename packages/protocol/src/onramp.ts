// Buying crypto with a card (docs/product.md#calls): the options, a quote, the provider URL an
// order starts at, and the order's status the modal follows. Money travels as decimal strings
// ("100.00", "0.03267") so neither side rounds through a float.
import { type Static, Type } from 'typebox'
import { Nullable, StringEnum } from './schema-forms'

/** A fiat amount: digits with at most 2 decimals, e.g. "100" or "100.50". */
export const FIAT_AMOUNT_PATTERN = '^(0|[1-9][0-9]{0,8})(\\.[0-9]{1,2})?$'

export const OnrampPaymentMethod = StringEnum(['card', 'bank_account'])
export type OnrampPaymentMethod = Static<typeof OnrampPaymentMethod>

export const OnrampNetwork = Type.Object({
  /** The name a quote's `network` and a URL's `defaultNetwork` use, e.g. "ethereum". */
  name: Type.String(),
  display_name: Type.String(),
  /** The chain's id without namespace ("1"; a Solana genesis hash). */
  chain_id: Type.String(),
  /** Empty for the chain's native coin. */
  contract_address: Type.String(),
})
export type OnrampNetwork = Static<typeof OnrampNetwork>

export const OnrampPurchaseCurrency = Type.Object({
  id: Type.String(),
  name: Type.String(),
  symbol: Type.String(),
  networks: Type.Array(OnrampNetwork),
})
export type OnrampPurchaseCurrency = Static<typeof OnrampPurchaseCurrency>

export const OnrampPaymentMethodLimit = Type.Object({
  id: OnrampPaymentMethod,
  /** Decimal strings, e.g. "10.00". */
  min: Type.String(),
  max: Type.String(),
})
export type OnrampPaymentMethodLimit = Static<typeof OnrampPaymentMethodLimit>

export const OnrampPaymentCurrency = Type.Object({
  id: Type.String(),
  payment_method_limits: Type.Array(OnrampPaymentMethodLimit),
})
export type OnrampPaymentCurrency = Static<typeof OnrampPaymentCurrency>

export const OnrampProvider = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The provider's fee as a percentage of the payment, e.g. 1.5. */
  feePercent: Type.Number(),
  /** CAIP-2 namespaces it sells coins on. */
  namespaces: Type.Array(Type.String()),
})
export type OnrampProvider = Static<typeof OnrampProvider>

export const OnrampOptions = Type.Object({
  purchaseCurrencies: Type.Array(OnrampPurchaseCurrency),
  paymentCurrencies: Type.Array(OnrampPaymentCurrency),
  providers: Type.Array(OnrampProvider),
})
export type OnrampOptions = Static<typeof OnrampOptions>

export const OnrampQuoteBody = Type.Object(
  {
    purchaseCurrency: Type.String({ minLength: 1, maxLength: 16 }),
    paymentCurrency: Type.String({ minLength: 1, maxLength: 8 }),
    /** What the buyer pays in `paymentCurrency`, fees included. */
    amount: Type.String({ pattern: FIAT_AMOUNT_PATTERN }),
    network: Type.String({ minLength: 1, maxLength: 32 }),
    /** Which limits apply; card when absent. */
    paymentMethod: Type.Optional(OnrampPaymentMethod),
    /** Whose fee applies; the first provider when absent. */
    provider: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  },
  { additionalProperties: false },
)
export type OnrampQuoteBody = Static<typeof OnrampQuoteBody>

export const OnrampMoney = Type.Object({ amount: Type.String(), currency: Type.String() })
export type OnrampMoney = Static<typeof OnrampMoney>

export const OnrampQuote = Type.Object({
  coinbaseFee: OnrampMoney,
  networkFee: OnrampMoney,
  paymentSubtotal: OnrampMoney,
  paymentTotal: OnrampMoney,
  purchaseAmount: OnrampMoney,
  quoteId: Type.String(),
})
export type OnrampQuote = Static<typeof OnrampQuote>

export const OnrampDestinationWallet = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 128 }),
    /** Network names (OnrampNetwork.name) the address takes coins on. */
    blockchains: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 16 }),
    ),
    /** Currency ids (OnrampPurchaseCurrency.id) it takes. */
    assets: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 16 }), { maxItems: 16 }),
    ),
  },
  { additionalProperties: false },
)
export type OnrampDestinationWallet = Static<typeof OnrampDestinationWallet>

export const OnrampUrlBody = Type.Object(
  {
    destinationWallets: Type.Array(OnrampDestinationWallet, { minItems: 1, maxItems: 8 }),
    defaultNetwork: Type.String({ minLength: 1, maxLength: 32 }),
    partnerUserId: Type.String({ minLength: 1, maxLength: 128 }),
    defaultExperience: StringEnum(['buy']),
    presetCryptoAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
    presetFiatAmount: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
    /** Which of the options' providers sells; the first when absent. */
    provider: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    /** What to buy and pay with; the network's coin and USD when absent. */
    purchaseCurrency: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    paymentCurrency: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  },
  { additionalProperties: false },
)
export type OnrampUrlBody = Static<typeof OnrampUrlBody>

export const OnrampUrlAnswer = Type.Object({
  url: Type.String(),
  /** The order the URL starts; GET /v1/onramp/orders/{orderId} follows it. */
  orderId: Type.String(),
})
export type OnrampUrlAnswer = Static<typeof OnrampUrlAnswer>

export const ONRAMP_ORDER_STATUSES = [
  'created',
  'awaiting_confirmation',
  'charged',
  'paying',
  'paid',
  'declined',
  /** The coins could not be delivered (the destination refused them). */
  'failed',
] as const
export const OnrampOrderStatus = StringEnum(ONRAMP_ORDER_STATUSES)
export type OnrampOrderStatus = Static<typeof OnrampOrderStatus>

/** 32 lower-case hex digits. */
export const ONRAMP_ORDER_ID_PATTERN = '^[0-9a-f]{32}$'

/** The path of GET /v1/onramp/orders/:orderId. */
export const OnrampOrderParams = Type.Object({
  orderId: Type.String({ pattern: ONRAMP_ORDER_ID_PATTERN }),
})
export type OnrampOrderParams = Static<typeof OnrampOrderParams>

/**
 * The path of the checkout pages (ONRAMP_CHECKOUT_*_PATH). Any text: an id that is not an order's
 * (ONRAMP_ORDER_ID_PATTERN) is answered with the page's own 404, an HTML page like the others,
 * not a JSON refusal, since a person's browser shows it.
 */
export const OnrampCheckoutParams = Type.Object({ orderId: Type.String() })
export type OnrampCheckoutParams = Static<typeof OnrampCheckoutParams>

export const OnrampOrder = Type.Object({
  orderId: Type.String(),
  status: OnrampOrderStatus,
  provider: Type.String(),
  /** CAIP-2 of the chain the coins go to. */
  chain: Type.String(),
  destination: Type.String(),
  /** Null until the buyer has paid (or been declined). */
  paymentTotal: Type.Union([OnrampMoney, Type.Null()]),
  purchaseAmount: Type.Union([OnrampMoney, Type.Null()]),
  /** The transfer to the destination, once signed. */
  txHash: Nullable(Type.String()),
  /** Why the payment was refused. */
  message: Nullable(Type.String()),
})
export type OnrampOrder = Static<typeof OnrampOrder>
