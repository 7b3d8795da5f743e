// PORTICO_CONVERT as an operator writes it: read into per-chain settings, or refused with a
// message that says what to fix (the server does not start on a bad one).
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { readConvertConfig } from './convert-config'

const ROUTER = '0xb19b36b1456e65e3a6d514d3f715f204bd59f431'
const FACTORY = '0xA15BB66138824a1c7167f5E85b957d04Dd34E468'
const WETH = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const USDC = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'

const chain = { kind: 'uniswap-v2', router: ROUTER, factory: FACTORY, wrappedNative: WETH }

describe('PORTICO_CONVERT', () => {
  it('reads a chain: checksummed addresses, the wrapped coin always a connector', () => {
    const config = readConvertConfig(
      JSON.stringify({
        1: { ...chain, tokens: [USDC, USDC.toLowerCase()], suggested: ['native', USDC] },
      }),
    )
    expect(config['eip155:1']).toEqual({
      kind: 'uniswap-v2',
      router: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
      factory: FACTORY,
      wrappedNative: WETH,
      tokens: [USDC],
      connectors: [WETH],
      suggested: ['native', USDC],
      popular: [],
    })
  })

  it('refuses what it cannot use, saying where', () => {
    const refused = (value: unknown) => () => readConvertConfig(value)
    expect(refused('{')).toThrow('PORTICO_CONVERT must be JSON')
    expect(refused({ 1: { ...chain, kind: 'uniswap-v3' } })).toThrow(
      'convert["1"] must be an object with "kind": "uniswap-v2"',
    )
    expect(refused({ 1: { ...chain, router: '0x12' } })).toThrow(
      'convert["1"].router must be an address',
    )
    expect(refused({ 1: { ...chain, popular: [USDC] } })).toThrow(
      'convert["1"].popular[0] is not in tokens',
    )
    expect(refused({ 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': chain })).toThrow(
      'is not an EVM chain',
    )
    expect(() => loadConfig({ PORTICO_CONVERT: '[]' })).toThrow(
      new ConfigError('convert must be an object keyed by chain id'),
    )
  })
})
