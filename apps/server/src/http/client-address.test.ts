import { describe, expect, it } from 'vitest'
import { addressKeyOf } from './client-address'

describe('addressKeyOf', () => {
  it('gives every address of one IPv6 /64 the same key, however it is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:7',
      '2001:db8:1:2:abcd::',
      '2001:db8:1:2::9%eth0',
    ].map(addressKeyOf)
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
  })

  it('gives different /64s, even neighbours, different keys', () => {
    expect(addressKeyOf('2001:db8:1:2::1')).not.toBe(addressKeyOf('2001:db8:1:3::1'))
    expect(addressKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64')
  })

  it('keys an IPv4 client by its address, mapped into IPv6 or not', () => {
    for (const address of [
      '203.0.113.7',
      '::ffff:203.0.113.7',
      '::FFFF:cb00:7107',
      '0:0:0:0:0:ffff:203.0.113.7',
    ]) {
      expect(addressKeyOf(address)).toBe('203.0.113.7')
    }
    // Translated by NAT64 (well-known prefix): the IPv4 client, not the prefix's one /64.
    expect(addressKeyOf('64:ff9b::203.0.113.7')).toBe('203.0.113.7')
    expect(addressKeyOf('64:ff9b::cb00:7108')).toBe('203.0.113.8')
    // Two IPv4 clients never share a key, mapped or not: the mapped form is not one /64 for all.
    expect(addressKeyOf('::ffff:203.0.113.8')).toBe('203.0.113.8')
  })

  it('has a key for a request without an address', () => {
    expect(addressKeyOf(undefined)).toBe('unknown')
  })
})
