// The onramp's numbers. The limits, currencies and the fee range are the spec's
// (docs/product.md#constants); the rest is marked as ours.
import type { OnrampPaymentMethod, OnrampProvider } from '@portico/protocol/onramp'
import type { RateLimit } from '../cache/rate-limiter'

/** Limits per payment method in cents, the same for every payment currency. */
export const ONRAMP_LIMITS_CENTS: Readonly<
  Record<OnrampPaymentMethod, { min: bigint; max: bigint }>
> = {
  card: { min: 10_00n, max: 7500_00n },
  bank_account: { min: 10_00n, max: 25000_00n },
}

export const ONRAMP_PAYMENT_CURRENCIES = ['USD', 'EUR'] as const
export type OnrampPaymentCurrencyId = (typeof ONRAMP_PAYMENT_CURRENCIES)[number]

/**
 * Two providers with fees inside the spec's 1-2 %, one selling on eip155 and solana. Both are
 * played by the sandbox checkout this server serves; a real provider would take one's place.
 * Fees in basis points (ours).
 */
export const ONRAMP_PROVIDERS: readonly (OnrampProvider & { feeBasisPoints: bigint })[] = [
  {
    id: 'portico-sandbox',
    name: 'Portico Sandbox',
    feePercent: 1.5,
    feeBasisPoints: 150n,
    namespaces: ['eip155', 'solana'],
  },
  {
    id: 'sandbox-express',
    name: 'Sandbox Express',
    feePercent: 1.9,
    feeBasisPoints: 190n,
    namespaces: ['eip155'],
  },
]

/** Ours: a flat network fee per purchase, in cents of the payment currency. */
export const ONRAMP_NETWORK_FEE_CENTS = 50n

/** Ours: the price book is in USD; a euro is taken at this many US cents. */
export const ONRAMP_USD_CENTS_PER_EUR = 108n

/** Ours: decimals a purchase amount keeps (the rest stays with the treasury). */
export const ONRAMP_PURCHASE_DECIMALS = 8

/** Ours: how often a payout's receipt is asked for, and for how long. */
export const ONRAMP_RECEIPT_POLL_MS = 250
export const ONRAMP_RECEIPT_WAIT_MS = 180_000

/** Ours: gas of a plain coin transfer. */
export const ONRAMP_TRANSFER_GAS = 21_000n

/** Ours: the checkout's form body at most (a few short fields). */
export const ONRAMP_FORM_BODY_LIMIT_BYTES = 4096

export interface OnrampOrderLimits {
  /** Orders started from one client IP: each is a checkout a test card can pay. */
  perIp: RateLimit
  /** Orders started for one project, all its visitors together. */
  perProject: RateLimit
}

/**
 * Ours: a buyer starts an order each time the checkout opens, a few in ten minutes; more from
 * one address is someone filling the orders table (or, in the sandbox, draining the treasury
 * with test cards). The project's ceiling is the email codes' (embedded-wallet-constants.ts).
 */
export const DEFAULT_ONRAMP_ORDER_LIMITS: OnrampOrderLimits = {
  perIp: { limit: 30, windowMs: 10 * 60_000 },
  perProject: { limit: 1_000, windowMs: 10 * 60_000 },
}
