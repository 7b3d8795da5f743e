// Malformed input to the names API, drawn by fast-check, on a server with a registered name:
// never a 5xx, the error shape on every refusal, and no row of profile_names written or changed.
// Registration bodies are broken around a valid one; signed messages are really signed, so a
// refusal comes from what they say, not from a bad signature.
import { isNameLabel, labelInZone } from '@portico/protocol/profile-name'
import fc from 'fast-check'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRefusal } from '../test/expect-refusal'
import { brokenBody, notAnObject } from '../test/malformed-body'
import { inZone, profileTestClient, storedNames, useProfileRig } from '../test/profile-client'

// A drawn signature that is hex but not the signer's makes the server ask the chain for code.
const rig = useProfileRig({ anvil: true })
const { get, post, signed } = profileTestClient(rig)
const stored = storedNames(rig)
const owner = privateKeyToAccount(generatePrivateKey())
const signer = privateKeyToAccount(generatePrivateKey())
const RUNS = { numRuns: 100 }
let baseline = ''

beforeAll(async () => {
  expect((await post(await signed(owner, { name: inZone('taken') }))).status).toBe(200)
  baseline = await stored.read()
})

/** Whether `name` could be registered (in our zone and by the rule). */
const registrable = (name: unknown) => {
  if (typeof name !== 'string') return false
  const label = labelInZone(name)
  return label !== undefined && isNameLabel(label)
}

describe('malformed names input', () => {
  it('POST /v1/profile/account with a broken body: refused, nothing stored', async () => {
    const valid = await signed(signer, { name: inZone('free-one') })
    const body = fc.oneof(
      brokenBody([
        { name: 'coin_type', accepts: (value) => value === 60 || value === 2147483649 },
        { name: 'address', accepts: (value) => value === valid.address },
        { name: 'message', accepts: (value) => value === valid.message },
        { name: 'signature', accepts: (value) => value === valid.signature },
      ]).map((broken) => JSON.stringify(broken({ ...valid }))),
      notAnObject,
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await expectRefusal(await post(text), text.slice(0, 200))
      }),
      RUNS,
    )
    expect(await stored.read()).toBe(baseline)
  })

  it('POST /v1/profile/account with a signed message that is wrong: refused, nothing stored', async () => {
    const nowS = () => Math.floor(rig().clock.now / 1000)
    const message = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 100 }),
      // Fields of the right names with values that break the rule, the zone or the types.
      fc
        .record({
          name: fc.oneof(
            fc.string({ maxLength: 70 }).map(inZone),
            fc.string({ maxLength: 70 }),
            fc.constantFrom('abc.portico.id', 'taken.portico.id', 'alice.eth', ''),
            fc.jsonValue(),
          ),
          attributes: fc.oneof(fc.constant({}), fc.jsonValue()),
          timestamp: fc.oneof(fc.constant(nowS()), fc.jsonValue()),
        })
        .filter((fields) => !registrable(fields.name) || fields.name === inZone('taken'))
        .map((fields) => JSON.stringify(fields)),
      // A good name dated outside the window.
      fc
        .oneof(fc.integer({ min: -10_000_000, max: -61 }), fc.integer({ min: 31, max: 10_000_000 }))
        .map((offset) =>
          JSON.stringify({ name: inZone('free-two'), attributes: {}, timestamp: nowS() + offset }),
        ),
    )
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const body = {
          coin_type: 2147483649,
          address: signer.address,
          message: text,
          signature: await signer.signMessage({ message: text }),
        }
        await expectRefusal(await post(body), text.slice(0, 200))
      }),
      RUNS,
    )
    expect(await stored.read()).toBe(baseline)
  })

  it('GET the lookup, reverse and suggestion routes with any segment and query: never a 5xx', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('taken.portico.id', owner.address, 'taken', '0x', '%', '..'),
    )
    const query = fc.dictionary(
      fc.constantFrom('apiVersion', 'sender', 'zone', 'x'),
      fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('2', 'portico.id', owner.address)),
    )
    const route = fc.constantFrom(
      '/v1/profile/account/',
      '/v1/profile/reverse/',
      '/v1/profile/suggestions/',
    )
    await fc.assert(
      fc.asyncProperty(route, segment, query, async (base, value, params) => {
        const response = await get(`${base}${encodeURIComponent(value)}`, params)
        if (response.status === 200) return
        await expectRefusal(response, `${base}${value} ${JSON.stringify(params)}`)
      }),
      RUNS,
    )
    expect(await stored.read()).toBe(baseline)
  })
})
