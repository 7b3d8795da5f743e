// Which chains have swaps and how (PORTICO_CONVERT, JSON, or the start script's overrides):
// chain id (`1` or `eip155:1`) -> the Uniswap V2 deployment that prices and executes them and
// the tokens offered.
//   {"1": {"kind": "uniswap-v2", "router": "0x..", "factory": "0x..", "wrappedNative": "0x..",
//          "tokens": ["0x.."], "connectors": ["0x.."], "suggested": ["native", "0x.."],
//          "popular": ["0x.."]}}
// A chain absent here answers 'Network not supported for Swaps'. Throws RangeError with a
// message fit for people; config.ts turns it into a ConfigError.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { type Address, getAddress } from 'viem'
import { parseChainId } from '../chains/chain-id'

/** The native coin, or an ERC-20 contract (checksummed). */
export type SwapAsset = 'native' | Address

export interface ConvertChainConfig {
  kind: 'uniswap-v2'
  /** UniswapV2Router02: the contract swaps and approvals address. */
  router: Address
  /** The router's factory, whose getPair finds the pools. */
  factory: Address
  /** The router's WETH: native ETH is routed as this token. */
  wrappedNative: Address
  /** ERC-20 tokens offered (the native coin always is); nothing else is quoted. */
  tokens: Address[]
  /** Tokens a trade may pass through when two tokens share no pool; the wrapped coin always. */
  connectors: Address[]
  /** Offered first in the swap view; each is the native coin or one of `tokens`. */
  suggested: SwapAsset[]
  /** Listed as popular in the token picker. */
  popular: SwapAsset[]
}

/** Chain (CAIP-2) -> how it swaps. */
export type ConvertConfig = Partial<Record<CaipNetworkId, ConvertChainConfig>>

/** What the overrides and the environment give: the lists may be left out. */
export type ConvertChainConfigInput = Pick<
  ConvertChainConfig,
  'kind' | 'router' | 'factory' | 'wrappedNative'
> &
  Partial<Pick<ConvertChainConfig, 'tokens' | 'connectors'>> & {
    suggested?: readonly string[]
    popular?: readonly string[]
  }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function address(value: unknown, where: string): Address {
  if (typeof value !== 'string' || !isEvmAddressShape(value)) {
    throw new RangeError(`${where} must be an address (0x and 40 hex digits)`)
  }
  return getAddress(value.toLowerCase())
}

function addresses(value: unknown, where: string): Address[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new RangeError(`${where} must be a list of addresses`)
  return [...new Set(value.map((entry, index) => address(entry, `${where}[${index}]`)))]
}

function assets(value: unknown, where: string, offered: readonly Address[]): SwapAsset[] {
  if (value === undefined) return []
  if (!Array.isArray(value))
    throw new RangeError(`${where} must be a list of "native" or addresses`)
  return value.map((entry, index) => {
    if (entry === 'native') return 'native'
    const token = address(entry, `${where}[${index}]`)
    if (!offered.includes(token)) throw new RangeError(`${where}[${index}] is not in tokens`)
    return token
  })
}

function readChain(chainId: string, value: unknown): ConvertChainConfig {
  const where = `convert[${JSON.stringify(chainId)}]`
  if (!isRecord(value) || value.kind !== 'uniswap-v2') {
    throw new RangeError(`${where} must be an object with "kind": "uniswap-v2"`)
  }
  const wrappedNative = address(value.wrappedNative, `${where}.wrappedNative`)
  const tokens = addresses(value.tokens, `${where}.tokens`)
  const connectors = addresses(value.connectors, `${where}.connectors`)
  return {
    kind: 'uniswap-v2',
    router: address(value.router, `${where}.router`),
    factory: address(value.factory, `${where}.factory`),
    wrappedNative,
    tokens,
    connectors: connectors.includes(wrappedNative) ? connectors : [wrappedNative, ...connectors],
    suggested: assets(value.suggested, `${where}.suggested`, tokens),
    popular: assets(value.popular, `${where}.popular`, tokens),
  }
}

/** Accepts an object, or JSON text of one (an environment variable); undefined is none. */
export function readConvertConfig(input: unknown): ConvertConfig {
  if (input === undefined || (typeof input === 'string' && input.trim() === '')) return {}
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw new RangeError(
        'PORTICO_CONVERT must be JSON: {"<chain id>": {"kind": "uniswap-v2", ...}}',
      )
    }
  }
  if (!isRecord(value)) throw new RangeError('convert must be an object keyed by chain id')
  const config: ConvertConfig = {}
  for (const [chainId, chain] of Object.entries(value)) {
    let key: CaipNetworkId
    try {
      key = parseChainId(chainId)
    } catch {
      throw new RangeError(`convert: ${JSON.stringify(chainId)} is not a CAIP-2 or EVM chain id`)
    }
    if (!key.startsWith('eip155:')) throw new RangeError(`convert: ${key} is not an EVM chain`)
    config[key] = readChain(chainId, chain)
  }
  return config
}
