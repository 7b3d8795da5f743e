import { describe, expect, it } from 'vitest'
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor'
import { InvalidCursorError } from './history-errors'

const position = { minedAt: 1_795_000_000, chainId: 8453, blockNumber: 123_456, txIndex: 7 }

describe('history cursor', () => {
  it('gives back the position it was made from, under the same chain filter', () => {
    expect(decodeHistoryCursor(encodeHistoryCursor(position, undefined), undefined)).toEqual(
      position,
    )
    expect(decodeHistoryCursor(encodeHistoryCursor(position, 8453), 8453)).toEqual(position)
    expect(encodeHistoryCursor(position, undefined)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('refuses a cursor made under another chain filter', () => {
    expect(() => decodeHistoryCursor(encodeHistoryCursor(position, 8453), undefined)).toThrow(
      InvalidCursorError,
    )
    expect(() => decodeHistoryCursor(encodeHistoryCursor(position, undefined), 8453)).toThrow(
      InvalidCursorError,
    )
  })

  const forged = (text: string) => Buffer.from(text).toString('base64url')
  it.each([
    '',
    '====',
    'not a cursor',
    forged('h2.*.1.1.1.1'),
    forged('h1.*.1.1.1'),
    forged('h1.*.-1.1.1.1'),
    forged('h1.*.1.0.1.1'),
    forged('h1.*.01.1.1.1'),
    forged('h1.*.1.1.1.99999999999'),
    forged('h1.*.1.1.99999999999999999.1'),
    forged('h1.5.1.6.1.1'),
  ])('refuses %j', (cursor) => {
    expect(() =>
      decodeHistoryCursor(cursor, cursor.startsWith(forged('h1.5')) ? 5 : undefined),
    ).toThrow(InvalidCursorError)
  })
})
