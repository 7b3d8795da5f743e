// The checkout form, checked by allow list: exactly these fields, each a short string of its
// own shape. Anything else is refused with a message the page shows next to the form.
import { FIAT_AMOUNT_PATTERN } from '@portico/protocol/onramp'
import { ONRAMP_PAYMENT_CURRENCIES, type OnrampPaymentCurrencyId } from './onramp-constants'
import { TEST_CARDS, type TestCardOutcome } from './test-cards'

export interface CheckoutForm {
  amount: string
  currency: OnrampPaymentCurrencyId
  outcome: TestCardOutcome
}

const FIELDS = new Set(['amount', 'currency', 'cardNumber', 'expiry', 'cvc', 'name'])
const AMOUNT = new RegExp(FIAT_AMOUNT_PATTERN)

export class CheckoutFormError extends Error {
  override readonly name = 'CheckoutFormError'
}

/**
 * The expiry as people type it: 12/30, 12 / 30, 12-30, 1/30, 12/2030, or the four digits 1230
 * with no separator (a month of two digits then).
 */
const EXPIRY_WITH_SEPARATOR = /^(0?[1-9]|1[0-2])\s*[/-]\s*([0-9]{2}|20[0-9]{2})$/
const EXPIRY_DIGITS = /^(0[1-9]|1[0-2])([0-9]{2})$/

function expiryInFuture(expiry: string, now: Date): boolean {
  const match = EXPIRY_WITH_SEPARATOR.exec(expiry) ?? EXPIRY_DIGITS.exec(expiry)
  if (!match) return false
  const month = Number(match[1])
  const yearText = match[2] ?? ''
  const year = yearText.length === 4 ? Number(yearText) : 2000 + Number(yearText)
  return (
    year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
  )
}

export function readCheckoutForm(body: unknown, now: Date): CheckoutForm {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new CheckoutFormError('The form is missing')
  }
  const fields = body as Record<string, unknown>
  for (const [name, value] of Object.entries(fields)) {
    if (!FIELDS.has(name)) throw new CheckoutFormError(`Unknown field: ${name.slice(0, 40)}`)
    if (typeof value !== 'string' || value.length > 100) {
      throw new CheckoutFormError(`Invalid ${name}`)
    }
  }
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '')
  const amount = text('amount').trim().replace(/,/g, '')
  if (!AMOUNT.test(amount)) throw new CheckoutFormError('Enter an amount, e.g. 100.00')
  const currency = ONRAMP_PAYMENT_CURRENCIES.find((known) => known === text('currency'))
  if (!currency) throw new CheckoutFormError('Payment currency must be USD or EUR')
  const cardNumber = text('cardNumber').replace(/[ -]/g, '')
  if (!/^[0-9]{12,19}$/.test(cardNumber)) throw new CheckoutFormError('Enter a card number')
  const outcome = TEST_CARDS[cardNumber]
  if (!outcome) throw new CheckoutFormError('This sandbox takes only its test cards')
  if (!expiryInFuture(text('expiry').trim(), now)) {
    throw new CheckoutFormError('Enter an expiry date in the future as MM/YY')
  }
  if (!/^[0-9]{3,4}$/.test(text('cvc').trim()))
    throw new CheckoutFormError('Enter the 3 or 4 digit CVC')
  const name = text('name').trim()
  if (name.length === 0) throw new CheckoutFormError("Enter the cardholder's name")
  return { amount, currency, outcome }
}
