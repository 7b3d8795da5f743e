import { describe, expect, it } from 'vitest'
import { InvalidCaipNetworkIdError } from './caip-errors'
import { formatCaipNetworkId, isCaipNetworkId, parseCaipNetworkId } from './caip-network-id'

describe('CAIP-2 network ids', () => {
  it('reads the namespace and reference of a network id', () => {
    expect(parseCaipNetworkId('eip155:8453')).toEqual({ namespace: 'eip155', reference: '8453' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each([
    'eip155',
    'eip155:1:0xabc',
    '',
    ':1',
    'eip155:',
    'EIP155:1',
    'ab:1',
    'namespace9:1',
    'eip155:1.5',
    `eip155:${'1'.repeat(33)}`,
  ])("rejects '%s' with 'Invalid CAIP-2 network id'", (value) => {
    expect(() => parseCaipNetworkId(value)).toThrow(InvalidCaipNetworkIdError)
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP-2 network id')
    expect(isCaipNetworkId(value)).toBe(false)
  })

  it('rejects a value that is not a string', () => {
    expect(() => parseCaipNetworkId(1 as unknown as string)).toThrow('Invalid CAIP-2 network id')
  })

  it('accepts the longest reference the grammar allows', () => {
    expect(isCaipNetworkId(`bip122:${'a'.repeat(32)}`)).toBe(true)
  })

  it('formats a namespace and a numeric chain id', () => {
    expect(formatCaipNetworkId('eip155', 1)).toBe('eip155:1')
  })

  it('refuses to format parts outside the grammar', () => {
    expect(() => formatCaipNetworkId('eip155', 'a:b')).toThrow('Invalid CAIP-2 network id')
    expect(() => formatCaipNetworkId('x', 1)).toThrow('Invalid CAIP-2 network id')
  })
})
