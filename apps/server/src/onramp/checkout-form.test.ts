import { describe, expect, it } from 'vitest'
import { readCheckoutForm } from './checkout-form'

const NOW = new Date('2026-12-07T12:00:00Z')
const form = (expiry: string) => ({
  amount: '100.00',
  currency: 'USD',
  cardNumber: '4242 4242 4242 4242',
  expiry,
  cvc: '123',
  name: 'Ada Buyer',
})

describe('the checkout form’s expiry', () => {
  it.each(['12/30', '12 / 30', '12-30', '1230', '1/30', '01/30', '12/2030', '12/26'])(
    'takes %j, as people type it',
    (expiry) => {
      expect(readCheckoutForm(form(expiry), NOW).outcome).toBe('succeeds')
    },
  )

  it.each(['11/26', '1126', '13/30', '0030', '130', '12/3', 'soon', '12/1930'])(
    'refuses %j with the way to write it',
    (expiry) => {
      expect(() => readCheckoutForm(form(expiry), NOW)).toThrow(
        'Enter an expiry date in the future as MM/YY',
      )
    },
  )
})
