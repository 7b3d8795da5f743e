import { describe, expect, it } from 'vitest'
import { InvalidChainIdError } from '../errors'
import { parseChainId } from './chain-id'

describe('parseChainId', () => {
  it('reads CAIP-2 ids and plain EVM chain ids alike', () => {
    expect(parseChainId('eip155:1')).toBe('eip155:1')
    expect(parseChainId('1')).toBe('eip155:1')
    expect(parseChainId(8453)).toBe('eip155:8453')
    expect(parseChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  it.each([
    '',
    'eip155:',
    ':1',
    'eip155',
    'eip155:0',
    'eip155:01',
    'eip155:0x1',
    '0',
    '-1',
    '1.5',
    '0x1',
    'eip155:1:2',
    'eip155:99999999999999999',
    'EIP155:1',
  ])('refuses %j with the spec message', (value) => {
    expect(() => parseChainId(value)).toThrow(InvalidChainIdError)
    expect(() => parseChainId(value)).toThrow('Invalid CAIP-2 network id')
  })
})
