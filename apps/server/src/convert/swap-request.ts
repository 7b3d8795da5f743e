// What every convert route reads from its query or body, checked against the configuration:
// the chain (it must have swaps), the tokens (CAIP-10 ids of the native coin or a listed ERC-20)
// and the user's address. Each refusal is a 400 with the message convert-errors.ts gives it.
import { CAIP10_ACCOUNT, type CaipNetworkId } from '@portico/protocol/caip-grammar'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import { type Address, getAddress } from 'viem'
import { parseChainId } from '../chains/chain-id'
import type { ChainUpstream } from '../chains/chain-upstream'
import { InvalidRequestError, ServerError } from '../errors'
import type { ServerContext } from '../server-context'
import type { ConvertChainConfig, SwapAsset } from './convert-config'
import {
  InvalidTokenAddressError,
  InvalidUserAddressError,
  SwapsNetworkUnsupportedError,
  UnsupportedSwapTokenError,
} from './convert-errors'

export interface SwapChain {
  chain: ChainUpstream
  config: ConvertChainConfig
}

export interface SwapToken extends SwapChain {
  asset: SwapAsset
  /** The id answers carry: checksummed, or `<caip2>:0xeeee...eeee` for the native coin. */
  caip10: string
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The chain's swap configuration; a chain without one (or not served) is refused. */
export function swapChainOf(context: ServerContext, caipNetworkId: CaipNetworkId): SwapChain {
  const config = context.config.convert[caipNetworkId]
  if (!config) throw new SwapsNetworkUnsupportedError()
  let chain: ChainUpstream
  try {
    chain = context.chains.resolve(caipNetworkId)
  } catch (error) {
    if (error instanceof ServerError) throw new SwapsNetworkUnsupportedError()
    throw error
  }
  return { chain, config }
}

/** A chainId query parameter (`eip155:1` or `1`) of a chain with swaps. */
export function parseSwapChainId(context: ServerContext, chainId: string): SwapChain {
  return swapChainOf(context, parseChainId(chainId))
}

export function caip10Of(caipNetworkId: CaipNetworkId, asset: SwapAsset): string {
  return `${caipNetworkId}:${asset === 'native' ? CONVERT_NATIVE_TOKEN_ADDRESS : asset}`
}

/** A token's CAIP-10 id: the native coin or one of the chain's listed tokens. */
export function parseSwapToken(context: ServerContext, id: string): SwapToken {
  const match = CAIP10_ACCOUNT.exec(id)
  if (!match) throw new InvalidTokenAddressError()
  const [, namespace = '', reference = '', address = ''] = match
  if (namespace !== 'eip155') throw new SwapsNetworkUnsupportedError()
  let caipNetworkId: CaipNetworkId
  try {
    caipNetworkId = parseChainId(`${namespace}:${reference}`)
  } catch {
    throw new InvalidTokenAddressError()
  }
  if (!EVM_ADDRESS.test(address)) throw new InvalidTokenAddressError()
  const swapChain = swapChainOf(context, caipNetworkId)
  let asset: SwapAsset
  if (address.toLowerCase() === CONVERT_NATIVE_TOKEN_ADDRESS) asset = 'native'
  else {
    const token = getAddress(address.toLowerCase())
    if (!swapChain.config.tokens.includes(token)) throw new UnsupportedSwapTokenError(id)
    asset = token
  }
  return { ...swapChain, asset, caip10: caip10Of(caipNetworkId, asset) }
}

/** The two tokens of a swap: on one chain, not the same. */
export function parseSwapPair(
  context: ServerContext,
  fromId: string,
  toId: string,
): { from: SwapToken; to: SwapToken } {
  const from = parseSwapToken(context, fromId)
  const to = parseSwapToken(context, toId)
  if (from.chain.caipNetworkId !== to.chain.caipNetworkId) {
    throw new InvalidRequestError('from and to must be tokens of the same chain')
  }
  if (from.asset === to.asset) throw new InvalidRequestError('from and to are the same token')
  return { from, to }
}

/** `0x...` or a CAIP-10 account on `caipNetworkId`. */
export function parseUserAddress(value: string, caipNetworkId: CaipNetworkId): Address {
  if (EVM_ADDRESS.test(value)) return getAddress(value.toLowerCase())
  const match = CAIP10_ACCOUNT.exec(value)
  const [, namespace = '', reference = '', address = ''] = match ?? []
  if (!match || `${namespace}:${reference}` !== caipNetworkId || !EVM_ADDRESS.test(address)) {
    throw new InvalidUserAddressError()
  }
  return getAddress(address.toLowerCase())
}

const UINT256_LIMIT = 1n << 256n

/** A base-unit amount (the schema checked its digits) that fits in uint256. */
export function parseAmount(value: string, what = 'amount'): bigint {
  const amount = BigInt(value)
  if (amount >= UINT256_LIMIT) throw new InvalidRequestError(`${what} does not fit in uint256`)
  return amount
}
