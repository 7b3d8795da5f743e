// Reads the few calls the confirm puts in words straight from their ABI encoding: a selector,
// then 32-byte words (addresses, amounts, and one dynamic address[] by its offset). Written out
// rather than viem's decodeFunctionData, whose ABI parser and decoder would add about 5 KB
// gzipped to the frame's one script for five fixed layouts. Anything that does not fit the
// layout exactly (a stray bit in an address word, an offset out of range) reads as undefined,
// so the confirm calls it unknown rather than guessing.
import { getAddress, type Hex } from 'viem'

/** keccak256 of each signature, first 4 bytes (calldata-reader.test.ts checks them with viem). */
export const SELECTORS = {
  transfer: '0xa9059cbb',
  approve: '0x095ea7b3',
  swapExactETHForTokens: '0x7ff36ab5',
  swapExactTokensForETH: '0x18cbafe5',
  swapExactTokensForTokens: '0x38ed1739',
} as const

export type KnownFunction = keyof typeof SELECTORS

/** A path longer than this is no swap our server builds. */
const MAX_PATH = 8

export interface Calldata {
  name: KnownFunction
  /** The argument words after the selector, 64 hex digits each. */
  words: string[]
}

export function readCalldata(data: Hex): Calldata | undefined {
  const body = data.slice(10).toLowerCase()
  if (body.length % 64 !== 0 || !/^[0-9a-f]*$/.test(body)) return undefined
  const selector = data.slice(0, 10).toLowerCase()
  const name = (Object.keys(SELECTORS) as KnownFunction[]).find(
    (key) => SELECTORS[key] === selector,
  )
  if (!name) return undefined
  const words: string[] = []
  for (let at = 0; at < body.length; at += 64) words.push(body.slice(at, at + 64))
  return { name, words }
}

export function uintAt(call: Calldata, index: number): bigint | undefined {
  const word = call.words[index]
  return word === undefined ? undefined : BigInt(`0x${word}`)
}

/** The address in the word at `index`, checksummed as people compare it. */
export function addressAt(call: Calldata, index: number): string | undefined {
  const word = call.words[index]
  if (word === undefined || !word.startsWith('0'.repeat(24))) return undefined
  return getAddress(`0x${word.slice(24)}`)
}

/** The address[] whose offset (in bytes from the first argument) is the word at `index`. */
export function addressListAt(call: Calldata, index: number): string[] | undefined {
  const offset = uintAt(call, index)
  if (offset === undefined || offset % 32n !== 0n) return undefined
  const start = Number(offset / 32n)
  const length = uintAt(call, start)
  if (length === undefined || length < 2n || length > BigInt(MAX_PATH)) return undefined
  const list: string[] = []
  for (let item = 1; item <= Number(length); item++) {
    const address = addressAt(call, start + item)
    if (!address) return undefined
    list.push(address)
  }
  return list
}
