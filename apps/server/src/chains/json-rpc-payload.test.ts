// The proxy's own body reader accepts exactly the bodies @portico/protocol's RpcProxyBody
// accepts: requests and batches drawn around each member's edges (version, method length, params
// of every JSON type, ids of every type, unknown members) are accepted by both or refused by
// both. Batches stay under the server's batch limit and params under its depth and size limits:
// those are limits, not the shape, and rpc-proxy-json-rpc.test.ts covers them.
import { RpcProxyBody } from '@portico/protocol/rpc-proxy'
import { Ajv } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidRequestError } from '../errors'
import { readJsonRpcPayload } from './json-rpc-payload'

// As the server's routes validate: nothing coerced, nothing stripped.
const schemaAccepts = new Ajv({ allowUnionTypes: true }).compile(RpcProxyBody)

const junkArb = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1.5, -1, '', '2.0', [], {}),
  fc.string({ maxLength: 3 }),
)
/** Each member: mostly a valid value, else a near one, junk, or absent. */
const member = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 10, arbitrary: arb },
    { weight: 1, arbitrary: junkArb },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
const requestArb = fc.record(
  {
    jsonrpc: member(fc.oneof({ weight: 10, arbitrary: fc.constant('2.0') }, fc.constant('1.0'))),
    method: member(
      fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom('eth_chainId', 'eth_call', 'x') },
        fc.constant('m'.repeat(128)),
        fc.constant('m'.repeat(129)),
      ),
    ),
    params: member(
      fc.oneof(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      ),
    ),
    id: member(
      fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constantFrom(null, 1.5, 2 ** 64)),
    ),
    extra: fc.constant('unknown member'),
  },
  { requiredKeys: [] },
)
/** Mostly without the unknown member, which refuses the whole request. */
const requestOrJunkArb = fc.oneof(
  { weight: 10, arbitrary: requestArb.map(({ extra: _extra, ...request }) => request) },
  { weight: 1, arbitrary: requestArb },
  { weight: 1, arbitrary: junkArb },
)
const bodyArb = fc.oneof(
  requestOrJunkArb,
  fc.array(requestOrJunkArb, { maxLength: 4 }),
  fc.array(requestOrJunkArb, { minLength: 1, maxLength: 2 }),
)

function readerAccepts(body: unknown): boolean {
  try {
    readJsonRpcPayload(JSON.stringify(body))
    return true
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError)
    return false
  }
}

describe('the RPC proxy body', () => {
  it("the proxy reads exactly the bodies the protocol's RpcProxyBody accepts", () => {
    const seen = { accepted: 0, refused: 0 }
    fc.assert(
      fc.property(bodyArb, (body) => {
        // What the proxy is sent is JSON text: the schema sees it as the server's parser would.
        const parsed: unknown = JSON.parse(JSON.stringify(body))
        const accepted = readerAccepts(body)
        seen[accepted ? 'accepted' : 'refused'] += 1
        expect(accepted, JSON.stringify(body)).toBe(schemaAccepts(parsed))
      }),
      { numRuns: 3_000 },
    )
    expect(seen.accepted).toBeGreaterThan(200)
    expect(seen.refused).toBeGreaterThan(200)
  })
})
