import { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import fc from 'fast-check'
import { Check } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { checkSchema } from './schema-check'

/** The schema as the build embeds it: JSON, with TypeBox's own markers gone. */
const embedded = JSON.parse(JSON.stringify(FrameRequest))

const valid = [
  { type: 'CONNECT_EMAIL', id: 'a', payload: { email: 'visitor@example.com' } },
  { type: 'CONNECT_OTP', id: 'a', payload: { otp: '012345' } },
  { type: 'GET_USER', id: 'a', payload: { chainId: 8453 } },
  { type: 'GET_USER', id: 'a', payload: {} },
  {
    type: 'RPC_REQUEST',
    id: 'a',
    payload: { method: 'eth_call', params: [{ to: '0x01' }, 'latest'], chainId: 1 },
  },
  { type: 'RPC_REQUEST', id: 'a', payload: { method: 'eth_chainId', chainId: 1 } },
  {
    type: 'SYNC_THEME',
    id: 'a',
    payload: { themeMode: 'light', themeVariables: { '--portico-accent': '#fff', z: 3 } },
  },
  {
    type: 'SYNC_DAPP_DATA',
    id: 'a',
    payload: {
      projectId: 'p',
      sdkVersion: '1',
      metadata: { name: 'n', description: 'd', url: 'u', icons: [] },
    },
  },
  { type: 'SET_PREFERRED_ACCOUNT', id: 'a', payload: { type: 'smartAccount' } },
]

/** Small changes of valid messages: the edge cases a checker gets wrong. */
const mutations: ((message: Record<string, unknown>) => unknown)[] = [
  (m) => ({ ...m, id: '' }),
  (m) => ({ ...m, id: 'x'.repeat(129) }),
  (m) => ({ ...m, id: '😀'.repeat(100) }),
  (m) => ({ ...m, extra: true }),
  (m) => ({ ...m, payload: { ...(m.payload as object), extra: 1 } }),
  (m) => ({ ...m, payload: null }),
  (m) => ({ ...m, payload: [] }),
  (m) => ({ ...m, type: `${m.type}_SUCCESS` }),
  (m) => {
    const { id: _, ...rest } = m
    return rest
  },
  (m) => [m],
  (m) => JSON.stringify(m),
]

describe('the frame schema checker', () => {
  it('accepts what TypeBox accepts, for every request kind', () => {
    for (const message of valid) {
      expect(Check(FrameRequest, message)).toBe(true)
      expect(checkSchema(embedded, message)).toBe(true)
    }
  })

  it('agrees with TypeBox on every small change of a valid message', () => {
    let compared = 0
    for (const message of valid) {
      for (const mutate of mutations) {
        const changed = mutate(message)
        expect(checkSchema(embedded, changed), JSON.stringify(changed)).toBe(
          Check(FrameRequest, changed),
        )
        compared++
      }
    }
    expect(compared).toBe(valid.length * mutations.length)
  })

  it('agrees with TypeBox on random messages', () => {
    const request = fc.record({
      type: fc.constantFrom(
        'CONNECT_OTP',
        'SWITCH_NETWORK',
        'RPC_REQUEST',
        'SYNC_THEME',
        'GET_USER',
      ),
      id: fc.string({ maxLength: 130 }),
      payload: fc.oneof(
        fc.record({ otp: fc.oneof(fc.string(), fc.stringMatching(/^[0-9]{6}$/)) }),
        fc.record(
          { chainId: fc.oneof(fc.integer(), fc.double(), fc.string()) },
          { requiredKeys: [] },
        ),
        fc.record({
          method: fc.string({ maxLength: 70 }),
          params: fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue()),
          chainId: fc.integer({ min: -1, max: 2 ** 53 }),
        }),
        fc.record({
          themeMode: fc.constantFrom('dark', 'light', 'blue'),
          themeVariables: fc.dictionary(
            fc.string(),
            fc.oneof(fc.string(), fc.double(), fc.boolean()),
          ),
        }),
        fc.jsonValue(),
      ),
    })
    fc.assert(
      fc.property(
        request,
        (message) => checkSchema(embedded, message) === Check(FrameRequest, message),
      ),
      { numRuns: 2000 },
    )
  })

  it('refuses a schema keyword it does not know instead of ignoring it', () => {
    expect(checkSchema({ type: 'string', format: 'email' }, 'not an e-mail')).toBe(false)
  })
})
