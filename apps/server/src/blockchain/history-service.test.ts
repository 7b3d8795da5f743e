import { describe, expect, it } from 'vitest'
import { operationTypeOf } from './history-service'

const zero = `0x${'0'.repeat(40)}`
const me = `0x${'1'.repeat(40)}`
const other = `0x${'2'.repeat(40)}`
const out = (to = other) => ({ direction: 'out' as const, from: me, to })
const into = (from = other) => ({ direction: 'in' as const, from, to: me })
const self = { direction: 'self' as const, from: me, to: me }

describe('operationTypeOf', () => {
  it.each([
    ['send', [out()]],
    ['receive', [into()]],
    ['mint', [into(zero), into(zero)]],
    ['receive', [into(zero), into()]],
    ['burn', [out(zero)]],
    ['send', [out(zero), out()]],
    ['trade', [out(), into()]],
    ['trade', [out(zero), into(zero)]],
    ['send', [self]],
    ['receive', [self, into()]],
    ['execute', []],
  ] as const)('calls it %s', (expected, transfers) => {
    expect(operationTypeOf(transfers)).toBe(expected)
  })
})
