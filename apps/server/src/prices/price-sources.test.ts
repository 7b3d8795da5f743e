import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { assetKeyOf } from './price-source'
import { readPriceSources } from './price-sources-config'
import { StaticPriceSource } from './static-price-source'
import { poolPrice } from './uniswap-v2-price-source'

const USDC = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'
const WETH = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35'
const FACTORY = '0xA15BB66138824a1c7167f5E85b957d04Dd34E468'

describe('poolPrice', () => {
  it('is the mid price less the 0.3 % pool fee, across decimals', () => {
    // 2000 ETH (18 decimals) against 6,000,000 USDC (6 decimals): 3000 mid, 2991 to a seller.
    expect(
      poolPrice({
        tokenReserve: 2000n * 10n ** 18n,
        usdReserve: 6_000_000n * 10n ** 6n,
        tokenDecimals: 18,
        usdDecimals: 6,
      }),
    ).toBe(2991)
    expect(
      poolPrice({
        tokenReserve: 4_000_000n * 10n ** 18n,
        usdReserve: 1_000_000n * 10n ** 6n,
        tokenDecimals: 18,
        usdDecimals: 6,
      }),
    ).toBe(0.24925)
  })

  it('has no price for an empty pool', () => {
    expect(
      poolPrice({ tokenReserve: 0n, usdReserve: 5n, tokenDecimals: 18, usdDecimals: 6 }),
    ).toBeUndefined()
    expect(
      poolPrice({ tokenReserve: 5n, usdReserve: 0n, tokenDecimals: 18, usdDecimals: 6 }),
    ).toBeUndefined()
  })
})

describe('StaticPriceSource', () => {
  it('prices what its table holds, addresses in any case, and nothing else', async () => {
    const source = new StaticPriceSource({ native: 3000, [USDC]: 1 })
    const prices = await source.usdPrices([
      'native',
      assetKeyOf(USDC),
      assetKeyOf('0x000000000000000000000000000000000000dEaD'),
    ])
    expect([...prices]).toEqual([
      ['native', 3000],
      [USDC.toLowerCase(), 1],
    ])
  })
})

describe('the priceSources configuration', () => {
  it('reads JSON from the environment, with chain ids as numbers or CAIP-2', () => {
    const config = loadConfig({
      PORTICO_PRICE_SOURCES: JSON.stringify({
        1: { kind: 'uniswap-v2', factory: FACTORY, usdCoin: USDC, wrappedNative: WETH },
        'eip155:10': { kind: 'static', prices: { native: 3000, [USDC]: 1 } },
      }),
    })
    expect(config.priceSources).toEqual({
      'eip155:1': { kind: 'uniswap-v2', factory: FACTORY, usdCoin: USDC, wrappedNative: WETH },
      'eip155:10': { kind: 'static', prices: { native: 3000, [USDC]: 1 } },
    })
  })

  it('takes the start script overrides before the environment', () => {
    const config = loadConfig(
      { PORTICO_PRICE_SOURCES: '{"1":{"kind":"static","prices":{}}}' },
      { priceSources: { 8453: { kind: 'static', prices: { native: 1 } } } },
    )
    expect(Object.keys(config.priceSources)).toEqual(['eip155:8453'])
  })

  it('has none by default', () => {
    expect(loadConfig({}).priceSources).toEqual({})
  })

  it.each([
    ['not JSON', '{'],
    ['a list', '[]'],
    ['a bad chain id', '{"eip155:x":{"kind":"static","prices":{}}}'],
    ['an unknown kind', '{"1":{"kind":"oracle"}}'],
    [
      'a missing factory',
      `{"1":{"kind":"uniswap-v2","usdCoin":"${USDC}","wrappedNative":"${WETH}"}}`,
    ],
    ['a negative price', '{"1":{"kind":"static","prices":{"native":-1}}}'],
    ['a price keyed by a non-address', '{"1":{"kind":"static","prices":{"ETH":1}}}'],
  ])('refuses %s with a ConfigError', (_what, json) => {
    expect(() => loadConfig({ PORTICO_PRICE_SOURCES: json })).toThrow(ConfigError)
  })

  it('reads an object as it reads JSON text', () => {
    expect(readPriceSources({ 1: { kind: 'static', prices: { native: 2 } } })).toEqual({
      'eip155:1': { kind: 'static', prices: { native: 2 } },
    })
  })
})
