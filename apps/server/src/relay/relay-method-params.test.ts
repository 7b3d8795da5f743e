// The relay's hand-written param checks accept exactly what the protocol's schemas accept: for
// every method the relay serves, values drawn around each field's edges (valid, off by one,
// wrong case, wrong type, U+0000, lone surrogates, astral characters, null, absent) are accepted
// by both or refused by both. The relay's limits are set out of reach here: they are settings,
// not shapes, and their refusals have tests of their own (relay-limits.test.ts).
import { RELAY_METHOD_SHAPES } from '@portico/protocol/relay-methods'
import { Ajv } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_CONFIG } from './relay-config'
import { RELAY_PARAM_CHECKS, type RelayServedMethod } from './relay-method-params'
import { RelayRpcError } from './relay-rpc'

const LIMITS = {
  ...DEFAULT_RELAY_CONFIG.limits,
  maxMessageChars: Number.MAX_SAFE_INTEGER,
  maxTopicsPerClient: Number.MAX_SAFE_INTEGER,
  publishesPerSecond: Number.MAX_SAFE_INTEGER,
}

// As the server's HTTP routes validate: nothing coerced, patterns read with the `u` flag.
const ajv = new Ajv({ allowUnionTypes: true })

const hex64 = 'a1'.repeat(32)
/** Each field's values: mostly valid ones, or the check's refusals would be all that is drawn. */
const topicArb = fc.oneof(
  { weight: 12, arbitrary: fc.stringMatching(/^[0-9a-f]{64}$/) },
  fc.constant(hex64.toUpperCase()),
  fc.constant(hex64.slice(1)),
  fc.constant(`${hex64}0`),
  fc.constant(`${hex64.slice(1)}g`),
  fc.string({ maxLength: 3 }),
)
const messageArb = fc.oneof(
  { weight: 12, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
  fc.constantFrom('', 'a', 'a\u0000b', 'a\uD800', '\uDC00a', 'a\uD83D\uDE00', '\uD83D\uDE00', ' '),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: fc.constantFrom('a', '\u0000', '\uD83D', '\uDE00', 'é'), maxLength: 6 }),
)
const numberArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(30, 31, 300, 1100, 2_592_000, 2 ** 31 - 1) },
  fc.constantFrom(0, -0, 1, 29, 30, 31, 300, 2_592_000, 2_592_001, 2 ** 31 - 1, 2 ** 31, -1),
  fc.constantFrom(1.5, 30.000001, 1e21, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const junkArb = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, '', '30'),
  fc.integer(),
  fc.string({ maxLength: 4 }),
)
const optional = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: arb },
    { weight: 1, arbitrary: junkArb },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
/** Objects with every field of the method (each valid, near valid or junk, or absent). */
const fieldsArb = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(
    Object.fromEntries(Object.entries(fields).map(([name, arb]) => [name, optional(arb)])),
    { requiredKeys: [] },
  )
const topicsArb = fc.array(fc.oneof(topicArb, junkArb), { maxLength: 4 })
const publishArb = fieldsArb({
  topic: topicArb,
  message: messageArb,
  ttl: numberArb,
  tag: numberArb,
  prompt: fc.boolean(),
})
const unsubscribeArb = fieldsArb({ topic: topicArb, id: topicArb })
/** Mostly the method's fields; sometimes not an object at all. */
const paramsArb = (fields: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 8, arbitrary: fields }, { weight: 1, arbitrary: junkArb })

const PARAMS: { [M in RelayServedMethod]: fc.Arbitrary<unknown> } = {
  irn_publish: paramsArb(publishArb),
  irn_batchPublish: paramsArb(
    fieldsArb({ messages: fc.array(fc.oneof(publishArb, junkArb), { maxLength: 3 }) }),
  ),
  irn_subscribe: paramsArb(fieldsArb({ topic: topicArb })),
  irn_batchSubscribe: paramsArb(fieldsArb({ topics: topicsArb })),
  irn_unsubscribe: paramsArb(unsubscribeArb),
  irn_batchUnsubscribe: paramsArb(
    fieldsArb({ subscriptions: fc.array(fc.oneof(unsubscribeArb, junkArb), { maxLength: 3 }) }),
  ),
  irn_batchFetchMessages: paramsArb(fieldsArb({ topics: topicsArb })),
  wc_proposeSession: paramsArb(
    fieldsArb({
      pairingTopic: topicArb,
      sessionProposal: messageArb,
      ttl: numberArb,
      tag: numberArb,
    }),
  ),
  wc_approveSession: paramsArb(
    fieldsArb({
      pairingTopic: topicArb,
      sessionTopic: topicArb,
      sessionProposalResponse: messageArb,
      sessionSettlementRequest: messageArb,
      ttl: numberArb,
    }),
  ),
}

function handAccepts(method: RelayServedMethod, params: unknown): boolean {
  try {
    RELAY_PARAM_CHECKS[method](params, LIMITS)
    return true
  } catch (error) {
    // Only the shape's refusal: with the limits out of reach no other may come.
    expect(error).toBeInstanceOf(RelayRpcError)
    expect((error as RelayRpcError).kind).toBe('invalidParams')
    return false
  }
}

describe('relay params', () => {
  for (const method of Object.keys(PARAMS) as RelayServedMethod[]) {
    it(`${method}: the relay accepts exactly the params the protocol's schema accepts`, () => {
      const schemaAccepts = ajv.compile(RELAY_METHOD_SHAPES[method].params)
      const seen = { accepted: 0, refused: 0 }
      fc.assert(
        fc.property(PARAMS[method], (params) => {
          const accepted = handAccepts(method, params)
          seen[accepted ? 'accepted' : 'refused'] += 1
          expect(accepted, JSON.stringify(params)).toBe(schemaAccepts(params))
        }),
        { numRuns: 2_000 },
      )
      // Both answers were drawn often, or the comparison above says little.
      expect(seen.accepted).toBeGreaterThan(50)
      expect(seen.refused).toBeGreaterThan(50)
    })
  }
})
