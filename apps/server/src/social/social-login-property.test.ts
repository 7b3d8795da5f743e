// Property test of the social login routes: a start or redeem body that is not a valid request
// (a field dropped, added, of another type, or off its allow list), a body that is no object,
// and any callback query that is not a live state's are a 4xx that changes no table.
import { randomBytes } from 'node:crypto'
import { SOCIAL_PROVIDERS, SOCIAL_TOKEN_PATTERN } from '@portico/protocol/social-login'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT } from '../projects/dev-project'
import { createOriginMatcher } from '../projects/origin-pattern'
import { FRAME_ORIGIN } from '../test/embedded-wallet-client'
import {
  RESULT_URI,
  type SocialRig,
  socialClient,
  startSocialRig,
} from '../test/social-login-client'

let rig: SocialRig
const { call } = socialClient(() => rig)

const RUNS = { numRuns: 40 }
const TABLES = [
  'social_login_states',
  'social_login_results',
  'embedded_wallet_identities',
  'embedded_wallet_users',
  'embedded_wallet_sessions',
]

beforeAll(async () => {
  rig = await startSocialRig()
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

async function snapshot(): Promise<string> {
  const tables = await Promise.all(
    TABLES.map(async (table) => {
      const { rows } = await rig.server.app.portico.db.query(`SELECT * FROM ${table}`)
      return rows.map((row) => JSON.stringify(row)).sort()
    }),
  )
  return JSON.stringify(tables)
}

type Field = readonly [name: string, accepted: (value: string) => boolean]
const PROVIDER: Field = ['provider', (v) => (SOCIAL_PROVIDERS as readonly string[]).includes(v)]
// What the start route accepts as a result URI: an http(s) URL on the frame's origin or one the
// dev project allows (the same matcher the server uses).
const allowed = createOriginMatcher(DEV_PROJECT.allowedOrigins)
const RESULT: Field = [
  'resultUri',
  (v) => {
    if (!URL.canParse(v)) return false
    const url = new URL(v)
    return (
      /^https?:$/.test(url.protocol) &&
      (url.origin === FRAME_ORIGIN || allowed(url.origin)) &&
      v.length <= 2048
    )
  },
]
const TOKEN = (name: string): Field => [name, (v) => new RegExp(SOCIAL_TOKEN_PATTERN).test(v)]

const ROUTES: { path: string; fields: Field[]; valid: () => Record<string, string> }[] = [
  {
    path: '/social/start',
    fields: [PROVIDER, RESULT],
    valid: () => ({ provider: 'github', resultUri: RESULT_URI }),
  },
  {
    path: '/social/redeem',
    fields: [TOKEN('state'), TOKEN('resultCode')],
    valid: () => ({
      state: randomBytes(32).toString('base64url'),
      resultCode: randomBytes(32).toString('base64url'),
    }),
  },
]

const notString = fc.jsonValue().filter((value) => typeof value !== 'string')

function breakBody(fields: Field[]): fc.Arbitrary<(body: Record<string, unknown>) => void> {
  const names = fields.map(([name]) => name)
  return fc.oneof(
    fc.constantFrom(...names).map((name) => (body: Record<string, unknown>) => {
      delete body[name]
    }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
      .filter(([key]) => !names.includes(key) && key !== '__proto__')
      .map(([key, value]) => (body: Record<string, unknown>) => {
        body[key] = value
      }),
    fc
      .tuple(fc.constantFrom(...names), notString)
      .map(([name, value]) => (body: Record<string, unknown>) => {
        body[name] = value
      }),
    fc.constantFrom(...fields).chain(([name, accepted]) =>
      fc
        .oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.webUrl(),
        )
        .filter((value) => !accepted(value))
        .map((value) => (body: Record<string, unknown>) => {
          body[name] = value
        }),
    ),
  )
}

async function expectRefusal(response: Response, what: string, before: string, json = true) {
  const text = await response.text()
  expect(
    response.status,
    `${what} -> ${response.status} ${text.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what} -> ${text.slice(0, 300)}`).toBeLessThan(500)
  if (json)
    expect((JSON.parse(text) as { error: { code: string } }).error.code).toEqual(expect.any(String))
  expect(await snapshot(), what).toBe(before)
}

describe('social login routes under malformed input', () => {
  it.each(ROUTES)('POST $path: a broken body is a 4xx that changes nothing', async (route) => {
    const before = await snapshot()
    await fc.assert(
      fc.asyncProperty(
        fc.array(breakBody(route.fields), { minLength: 1, maxLength: 3 }),
        async (changes) => {
          const body: Record<string, unknown> = route.valid()
          for (const change of changes) change(body)
          const what = `${route.path} ${JSON.stringify(body).slice(0, 200)}`
          await expectRefusal(await call(route.path, { body }), what, before)
        },
      ),
      RUNS,
    )
  })

  it('a callback with any query but a live state is a 4xx that changes nothing', async () => {
    const before = await snapshot()
    const value = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constant(randomBytes(32).toString('base64url')),
    )
    const query = fc.dictionary(
      fc.constantFrom('state', 'code', 'error', 'iss', 'scope', 'user', 'evil', 'x'),
      value,
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SOCIAL_PROVIDERS, 'myspace'),
        query,
        fc.boolean(),
        async (provider, params, posted) => {
          const url = `${rig.server.url}/v1/embedded-wallet/social/callback/${provider}`
          const search = new URLSearchParams(params).toString()
          const response = posted
            ? await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: search,
                redirect: 'manual',
              })
            : await fetch(`${url}?${search}`, { redirect: 'manual' })
          await expectRefusal(
            response,
            `${posted ? 'POST' : 'GET'} ${provider} ${search}`,
            before,
            false,
          )
        },
      ),
      RUNS,
    )
  })
})
