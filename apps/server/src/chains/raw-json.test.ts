import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nestsDeeperThan, RawJsonError, rawArrayItems, rawObjectMembers } from './raw-json'

describe('rawArrayItems', () => {
  it('gives each element as written, big integers and escapes included', () => {
    const text = ' [ 12345678901234567890 , "a\\"]\\\\" ,{"b":[1,{"c":"}"}]}, -1.50e3, null ] '
    expect(rawArrayItems(text)).toEqual([
      '12345678901234567890',
      '"a\\"]\\\\"',
      '{"b":[1,{"c":"}"}]}',
      '-1.50e3',
      'null',
    ])
  })

  it('cuts any JSON array into elements that parse back to the same values', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.boolean(), (values, indent) => {
        const text = JSON.stringify(values, null, indent ? 2 : undefined)
        // Compared with what the whole text parses to: JSON has no -0, which fc.jsonValue draws.
        expect(rawArrayItems(text).map((item) => JSON.parse(item))).toEqual(JSON.parse(text))
      }),
      { numRuns: 300 },
    )
  })

  it('refuses what is not one array', () => {
    expect(() => rawArrayItems('{"a":1}')).toThrow(RawJsonError)
    expect(() => rawArrayItems('[1] [2]')).toThrow(RawJsonError)
    expect(() => rawArrayItems('["open')).toThrow(RawJsonError)
  })
})

describe('rawObjectMembers', () => {
  it("gives each member's value as written, the last of a repeated key", () => {
    const members = rawObjectMembers('{"id": 12345678901234567890, "k\\"ey": [1, 2], "id": "x"}')
    expect([...members]).toEqual([
      ['id', '"x"'],
      ['k"ey', '[1, 2]'],
    ])
  })

  it('cuts any JSON object into members that parse back to the same values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const members = rawObjectMembers(JSON.stringify(value))
        expect(
          Object.fromEntries([...members].map(([key, raw]) => [key, JSON.parse(raw)])),
        ).toEqual(JSON.parse(JSON.stringify(value)))
      }),
      { numRuns: 300 },
    )
  })
})

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan(nested(32), 32)).toBe(false)
    expect(nestsDeeperThan(nested(33), 32)).toBe(true)
    expect(nestsDeeperThan('[{"a":[{}]}]', 3)).toBe(true)
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false)
  })

  it('stops at the limit on a million levels', () => {
    expect(nestsDeeperThan(nested(1_000_000), 32)).toBe(true)
  })
})
