// Reads the `priceSources` configuration (PORTICO_PRICE_SOURCES, JSON, or the start script's
// overrides): chain id (`1` or `eip155:1`) -> a source.
//   {"1": {"kind": "uniswap-v2", "factory": "0x..", "usdCoin": "0x..", "wrappedNative": "0x.."}}
//   {"eip155:10": {"kind": "static", "prices": {"native": 3000, "0x0b2c...": 1}}}
// Throws RangeError with a message fit for people; config.ts turns it into a ConfigError.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import type { Address } from 'viem'
import { parseChainId } from '../chains/chain-id'
import type { PriceSourceConfig, PriceSourcesConfig } from './price-source'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function chainKey(chainId: string, what: string): CaipNetworkId {
  try {
    return parseChainId(chainId)
  } catch {
    throw new RangeError(`${what}: ${JSON.stringify(chainId)} is not a CAIP-2 or EVM chain id`)
  }
}

function address(value: unknown, where: string): Address {
  if (typeof value !== 'string' || !isEvmAddressShape(value)) {
    throw new RangeError(`${where} must be an address (0x and 40 hex digits)`)
  }
  return value as Address
}

function readSource(chainId: string, value: unknown): PriceSourceConfig {
  const where = `priceSources[${JSON.stringify(chainId)}]`
  if (!isRecord(value)) throw new RangeError(`${where} must be an object with a "kind"`)
  if (value.kind === 'uniswap-v2') {
    return {
      kind: 'uniswap-v2',
      factory: address(value.factory, `${where}.factory`),
      usdCoin: address(value.usdCoin, `${where}.usdCoin`),
      wrappedNative: address(value.wrappedNative, `${where}.wrappedNative`),
    }
  }
  if (value.kind === 'static') {
    if (!isRecord(value.prices)) throw new RangeError(`${where}.prices must be an object`)
    const prices: Record<string, number> = {}
    for (const [asset, price] of Object.entries(value.prices)) {
      if (asset !== 'native') address(asset, `${where}.prices key ${JSON.stringify(asset)}`)
      if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
        throw new RangeError(`${where}.prices[${JSON.stringify(asset)}] must be a number >= 0`)
      }
      prices[asset] = price
    }
    return { kind: 'static', prices }
  }
  throw new RangeError(`${where}.kind must be "uniswap-v2" or "static"`)
}

/** Accepts an object, or JSON text of one (an environment variable); undefined is none. */
export function readPriceSources(input: unknown): PriceSourcesConfig {
  if (input === undefined || (typeof input === 'string' && input.trim() === '')) return {}
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw new RangeError('PORTICO_PRICE_SOURCES must be JSON: {"<chain id>": {"kind": ...}}')
    }
  }
  if (!isRecord(value)) throw new RangeError('priceSources must be an object keyed by chain id')
  const sources: PriceSourcesConfig = {}
  for (const [chainId, source] of Object.entries(value)) {
    sources[chainKey(chainId, 'priceSources')] = readSource(chainId, source)
  }
  return sources
}
