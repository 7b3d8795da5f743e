// The callback when the provider's answer does not pass: here google's id tokens are checked
// against Apple's keys (as a token signed by someone else would be) and github's user-info URL
// is one that answers no person (404). The result URI says login_failed, and no user,
// identity, result or session is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEmail } from '../test/embedded-wallet-client'
import {
  callBack,
  type SocialRig,
  socialClient,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'

let rig: SocialRig
const { startBegun } = socialClient(() => rig)

beforeAll(async () => {
  rig = await startSocialRig((env, idp) => {
    env.PORTICO_SOCIAL_GOOGLE_JWKS_URL = idp.providers.apple.jwksUrl as string
    env.PORTICO_SOCIAL_GITHUB_USERINFO_URL = `${idp.url}/github/not-the-user-endpoint`
  })
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

const TABLES = [
  'social_login_results',
  'embedded_wallet_identities',
  'embedded_wallet_users',
  'embedded_wallet_sessions',
]
async function snapshot(): Promise<number[]> {
  return Promise.all(
    TABLES.map(async (table) => {
      const { rows } = await rig.server.app.portico.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${table}`,
      )
      return Number(rows[0]?.n)
    }),
  )
}

describe('an answer from the provider that does not pass', () => {
  it.each(['google', 'github'])('%s: login_failed, nothing stored', async (provider) => {
    const { authorizationUrl, state, browser } = await startBegun(provider)
    const before = await snapshot()
    const run = await throughProvider(browser, rig.server.url, authorizationUrl, {
      name: 'Untrusted Tester',
      email: newEmail('untrusted'),
    })
    const back = await callBack(browser, run)
    expect(back.status).toBe(303)
    expect(Object.fromEntries(back.result ?? [])).toEqual({
      state,
      error: 'login_failed',
      errorDescription: `The ${provider} login failed`,
    })
    expect(await snapshot()).toEqual(before)
  })
})
