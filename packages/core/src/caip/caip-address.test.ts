import { describe, expect, it } from 'vitest'
import {
  formatCaipAddress,
  isCaip10Address,
  isCaipAddress,
  parseCaip10Address,
  parseCaipAddress,
} from './caip-address'
import { InvalidCaip10AddressError, InvalidCaipAddressError } from './caip-errors'

const address = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

describe('CAIP-10 account ids', () => {
  it('reads namespace, reference, address and network id of an account id', () => {
    expect(parseCaipAddress(`eip155:1:${address}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address,
      caipNetworkId: 'eip155:1',
    })
  })

  it.each(['eip155:1', `eip155:1:${address}:x`, '', 'eip155::0xab', '::'])(
    "rejects '%s' with 'Invalid CAIP Address'",
    (value) => {
      expect(() => parseCaipAddress(value)).toThrow(InvalidCaipAddressError)
      expect(() => parseCaipAddress(value)).toThrow('Invalid CAIP Address')
      expect(isCaipAddress(value)).toBe(false)
    },
  )

  it('reads any three-part value without judging the parts', () => {
    expect(parseCaipAddress('Not A Namespace:1:addr').namespace).toBe('Not A Namespace')
  })

  it('validates the CAIP-10 grammar strictly', () => {
    expect(parseCaip10Address(`eip155:1:${address}`).address).toBe(address)
    expect(
      isCaip10Address(
        'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      ),
    ).toBe(true)
    expect(
      isCaip10Address('cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'),
    ).toBe(true)
  })

  it.each([
    'Not A Namespace:1:addr',
    'eip155:1:has space',
    `eip155:1:${'a'.repeat(129)}`,
    'eip155:1',
    'eip155:1:0xab:cd',
  ])("rejects '%s' with 'Invalid CAIP-10 address' when validating strictly", (value) => {
    expect(() => parseCaip10Address(value)).toThrow(InvalidCaip10AddressError)
    expect(() => parseCaip10Address(value)).toThrow('Invalid CAIP-10 address')
    expect(isCaip10Address(value)).toBe(false)
  })

  it('formats a network id and an address into an account id', () => {
    expect(formatCaipAddress('eip155:8453', address)).toBe(`eip155:8453:${address}`)
  })

  it('refuses to format a bad network id or a bad address', () => {
    expect(() => formatCaipAddress('eip155', address)).toThrow('Invalid CAIP-2 network id')
    expect(() => formatCaipAddress('eip155:1', '')).toThrow('Invalid CAIP-10 address')
    expect(() => formatCaipAddress('eip155:1', 'a:b')).toThrow('Invalid CAIP-10 address')
  })
})
