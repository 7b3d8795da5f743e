import { describe, expect, it } from 'vitest'
import {
  CAIP10_ACCOUNT,
  isCaipAccountAddress,
  isCaipNamespace,
  isCaipReference,
} from './caip-grammar'

describe('CAIP grammar', () => {
  it('takes the parts of a CAIP-10 account and refuses what breaks the grammar', () => {
    expect(CAIP10_ACCOUNT.exec('eip155:1:0xab')?.slice(1)).toEqual(['eip155', '1', '0xab'])
    expect(CAIP10_ACCOUNT.test('EIP155:1:0xab')).toBe(false)
    expect(CAIP10_ACCOUNT.test('eip155:1')).toBe(false)
    expect(isCaipNamespace('ab')).toBe(false)
    expect(isCaipReference('x'.repeat(33))).toBe(false)
    expect(isCaipAccountAddress('a b')).toBe(false)
  })
})
