// The few contract reads balances and prices need, as JSON-RPC calls for a batch
// (chains/json-rpc-batch.ts) and decoders of their outcomes. A decoder gives undefined for a
// failed call or an answer that does not decode: the caller treats that token as unreadable.
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc20Abi_bytes32,
  type Hex,
  hexToString,
} from 'viem'
import type { JsonRpcCall, JsonRpcOutcome } from '../chains/json-rpc-batch'

export function ethCall(to: Address, data: Hex): JsonRpcCall {
  return { method: 'eth_call', params: [{ to, data }, 'latest'] }
}

export function nativeBalanceCall(owner: Address): JsonRpcCall {
  return { method: 'eth_getBalance', params: [owner, 'latest'] }
}

export function erc20Call(
  token: Address,
  functionName: 'name' | 'symbol' | 'decimals',
): JsonRpcCall {
  return ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName }))
}

export function balanceOfCall(token: Address, owner: Address): JsonRpcCall {
  return ethCall(
    token,
    encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  )
}

function resultHex(outcome: JsonRpcOutcome | undefined): Hex | undefined {
  if (!outcome?.ok || typeof outcome.result !== 'string') return undefined
  const hex = outcome.result
  return /^0x([0-9a-fA-F]{2})*$/.test(hex) && hex.length > 2 ? (hex as Hex) : undefined
}

/** An eth_getBalance answer (a quantity) as a bigint. */
export function decodeQuantity(outcome: JsonRpcOutcome | undefined): bigint | undefined {
  if (!outcome?.ok || typeof outcome.result !== 'string') return undefined
  return /^0x[0-9a-fA-F]{1,64}$/.test(outcome.result) ? BigInt(outcome.result) : undefined
}

/** The first `count` 32-byte words of an answer, as unsigned integers. */
export function decodeWords(
  outcome: JsonRpcOutcome | undefined,
  count: number,
): bigint[] | undefined {
  const data = resultHex(outcome)
  if (!data || data.length < 2 + 64 * count) return undefined
  return Array.from({ length: count }, (_, index) =>
    BigInt(`0x${data.slice(2 + 64 * index, 2 + 64 * (index + 1))}`),
  )
}

/** An address answer (one word whose upper 12 bytes are zero). */
export function decodeAddress(outcome: JsonRpcOutcome | undefined): Address | undefined {
  const [word] = decodeWords(outcome, 1) ?? []
  if (word === undefined || word >= 1n << 160n) return undefined
  return `0x${word.toString(16).padStart(40, '0')}`
}

/** A uint256 answer (balanceOf). */
export function decodeUint256(outcome: JsonRpcOutcome | undefined): bigint | undefined {
  const data = resultHex(outcome)
  if (data?.length !== 66) return undefined
  return BigInt(data)
}

/** decimals(): an integer 0-255, or undefined (not a token). */
export function decodeDecimals(outcome: JsonRpcOutcome | undefined): number | undefined {
  const value = decodeUint256(outcome)
  return value !== undefined && value <= 255n ? Number(value) : undefined
}

const MAX_TEXT_LENGTH = 64

/** Printable, trimmed and bounded: token names and symbols are anyone's to choose. */
function cleanText(text: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return cleaned === '' ? undefined : cleaned.slice(0, MAX_TEXT_LENGTH)
}

/** name() or symbol(): an ABI string, or the bytes32 some older tokens answer with. */
export function decodeText(
  functionName: 'name' | 'symbol',
  outcome: JsonRpcOutcome | undefined,
): string | undefined {
  const data = resultHex(outcome)
  if (!data) return undefined
  try {
    return cleanText(decodeFunctionResult({ abi: erc20Abi, functionName, data }))
  } catch {
    try {
      const bytes = decodeFunctionResult({ abi: erc20Abi_bytes32, functionName, data })
      return cleanText(hexToString(bytes, { size: 32 }))
    } catch {
      return undefined
    }
  }
}
