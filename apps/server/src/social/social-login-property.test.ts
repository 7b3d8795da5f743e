// Property test of the social login routes: a start or redeem body that is not a valid request
// (a field dropped, added, of another type, or off its allow list), a body that is no object,
// and any callback query that is not a live state's are a 4xx that changes no table.
import { randomBytes } from 'node:crypto'
import { SOCIAL_PROVIDERS, SOCIAL_TOKEN_PATTERN } from '@portico/protocol/social-login'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { DEV_PROJECT } from '../projects/dev-project'
import { createOriginMatcher } from '../projects/origin-pattern'
import { expectRefusal } from '../test/expect-refusal'
import { type BodyField, brokenBody, matching } from '../test/malformed-body'
import { redeemSecretPair } from '../test/redeem-secret-pair'
import {
  RESULT_URI,
  type SocialRig,
  socialClient,
  startSocialRig,
} from '../test/social-login-client'
import { storedRows } from '../test/stored-rows'

let rig: SocialRig
const { call } = socialClient(() => rig)

const RUNS = { numRuns: 40 }
const stored = storedRows(
  () => rig.server.app.portico.db,
  [
    'social_login_states',
    'social_login_results',
    'embedded_wallet_identities',
    'embedded_wallet_users',
    'embedded_wallet_sessions',
  ],
)

beforeAll(async () => {
  rig = await startSocialRig()
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

const PROVIDER: BodyField = {
  name: 'provider',
  accepts: (v) => (SOCIAL_PROVIDERS as readonly unknown[]).includes(v),
}
// What the start route accepts as a result URI: an http(s) URL on an origin the dev project
// allows (the same matcher the server uses); never the frame's own.
const allowed = createOriginMatcher(DEV_PROJECT.allowedOrigins)
const RESULT: BodyField = {
  name: 'resultUri',
  accepts: (v) => {
    if (typeof v !== 'string' || !URL.canParse(v)) return false
    const url = new URL(v)
    return /^https?:$/.test(url.protocol) && allowed(url.origin) && v.length <= 2048
  },
}
const TOKEN = (name: string): BodyField => ({ name, accepts: matching(SOCIAL_TOKEN_PATTERN) })

const ROUTES: { path: string; fields: BodyField[]; valid: () => Record<string, string> }[] = [
  {
    path: '/social/start',
    fields: [PROVIDER, RESULT, TOKEN('redeemChallenge')],
    valid: () => ({
      provider: 'github',
      resultUri: RESULT_URI,
      redeemChallenge: redeemSecretPair().challenge,
    }),
  },
  {
    path: '/social/redeem',
    fields: [TOKEN('state'), TOKEN('resultCode'), TOKEN('redeemSecret')],
    valid: () => ({
      state: randomBytes(32).toString('base64url'),
      resultCode: randomBytes(32).toString('base64url'),
      redeemSecret: randomBytes(32).toString('base64url'),
    }),
  },
]

describe('social login routes under malformed input', () => {
  it.each(ROUTES)('POST $path: a broken body is a 4xx that changes nothing', async (route) => {
    const before = await stored.read()
    await fc.assert(
      fc.asyncProperty(brokenBody(route.fields), async (broken) => {
        const body = broken(route.valid())
        const what = `${route.path} ${JSON.stringify(body).slice(0, 200)}`
        await expectRefusal(await call(route.path, { body }), what, {
          unchanged: { stored, before },
        })
      }),
      RUNS,
    )
  })

  it('a callback with any query but a live state is a 4xx that changes nothing', async () => {
    const before = await stored.read()
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
          await expectRefusal(response, `${posted ? 'POST' : 'GET'} ${provider} ${search}`, {
            errorShape: 'when-json',
            unchanged: { stored, before },
          })
        },
      ),
      RUNS,
    )
  })
})
