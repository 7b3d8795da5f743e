import { encodeAbiParameters, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { JsonRpcOutcome } from '../chains/json-rpc-batch'
import {
  decodeAddress,
  decodeDecimals,
  decodeQuantity,
  decodeText,
  decodeUint256,
  decodeWords,
} from './evm-calls'

const ok = (result: unknown): JsonRpcOutcome => ({ ok: true, result })
const failed: JsonRpcOutcome = { ok: false, code: 3, message: 'execution reverted' }
const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])

describe('decoding eth_call answers', () => {
  it('reads a string name, a bytes32 one, and gives nothing for a revert or empty answer', () => {
    expect(decodeText('name', ok(encodeAbiParameters([{ type: 'string' }], ['USD Coin'])))).toBe(
      'USD Coin',
    )
    expect(decodeText('symbol', ok(stringToHex('MKR', { size: 32 })))).toBe('MKR')
    expect(decodeText('symbol', failed)).toBeUndefined()
    expect(decodeText('symbol', ok('0x'))).toBeUndefined()
  })

  it('strips control characters and bounds a name to 64 characters', () => {
    const name = `\u0007Spam${'x'.repeat(100)}\n`
    const decoded = decodeText('name', ok(encodeAbiParameters([{ type: 'string' }], [name])))
    expect(decoded).toBe(`Spam${'x'.repeat(60)}`)
  })

  it('reads decimals 0-255 and refuses anything larger', () => {
    expect(decodeDecimals(ok(word(6n)))).toBe(6)
    expect(decodeDecimals(ok(word(0n)))).toBe(0)
    expect(decodeDecimals(ok(word(256n)))).toBeUndefined()
    expect(decodeDecimals(ok('0x06'))).toBeUndefined()
  })

  it('reads balances, quantities, words and addresses', () => {
    expect(decodeUint256(ok(word(10n ** 24n)))).toBe(10n ** 24n)
    expect(decodeQuantity(ok('0x2a'))).toBe(42n)
    expect(decodeQuantity(ok('2a'))).toBeUndefined()
    expect(decodeQuantity(failed)).toBeUndefined()
    const three = encodeAbiParameters(
      [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }],
      [5n, 7n, 9],
    )
    expect(decodeWords(ok(three), 2)).toEqual([5n, 7n])
    expect(decodeWords(ok(word(1n)), 2)).toBeUndefined()
    const pair = '0xf0244310E03cC35D218642368fdE847AFcdf7129'
    expect(decodeAddress(ok(encodeAbiParameters([{ type: 'address' }], [pair])))).toBe(
      pair.toLowerCase(),
    )
    expect(decodeAddress(ok(`0x${'f'.repeat(64)}`))).toBeUndefined()
  })
})
