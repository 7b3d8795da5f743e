import { describe, expect, it } from 'vitest'
import { isPairingExpired, pairingExpiry } from './pairing-uri'

const uri = (query: string) =>
  `wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?${query}`

describe('pairingExpiry', () => {
  it('reads expiryTimestamp (seconds) as epoch milliseconds', () => {
    expect(pairingExpiry(uri('relay-protocol=irn&symKey=ab&expiryTimestamp=1700000300'))).toBe(
      1_700_000_300_000,
    )
  })

  it('is undefined for a URI without an expiry', () => {
    expect(pairingExpiry(uri('relay-protocol=irn&symKey=ab'))).toBeUndefined()
    expect(pairingExpiry('wc:abc@2')).toBeUndefined()
    expect(pairingExpiry(uri('expiryTimestamp=soon'))).toBeUndefined()
  })
})

describe('isPairingExpired', () => {
  it('is expired at and after the expiry, valid before it, and expired when unknown', () => {
    expect(isPairingExpired(10_000, 9_999)).toBe(false)
    expect(isPairingExpired(10_000, 10_000)).toBe(true)
    expect(isPairingExpired(10_000, 20_000)).toBe(true)
    expect(isPairingExpired(undefined, 0)).toBe(true)
  })
})
