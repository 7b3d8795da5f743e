// Apple login with the client secret our server signs, against the local Apple stand-in, which
// checks it as Apple does. A good key logs in; a secret signed by another key, one already
// expired, or one naming another audience or team is refused at the token URL with
// invalid_client: the login comes back login_failed and nothing is stored.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import {
  type RunningIdentityProvider,
  socialLoginEnv,
  startIdentityProvider,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEmail } from '../test/embedded-wallet-client'
import {
  Browser,
  begun,
  callBack,
  type SocialRig,
  socialClient,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'
import { APPLE_CLIENT_SECRET_TTL_SECONDS } from './apple-client-secret'
import { readSocialLoginConfig, type SocialProviderConfig } from './social-config'
import { exchangeCode, ProviderAnswerError } from './social-exchange'

const TABLES = [
  'social_login_results',
  'embedded_wallet_identities',
  'embedded_wallet_users',
  'embedded_wallet_sessions',
]
const snapshot = (rig: SocialRig) =>
  Promise.all(
    TABLES.map(async (table) => {
      const { rows } = await rig.server.app.portico.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${table}`,
      )
      return Number(rows[0]?.n)
    }),
  )
const someone = () => ({ name: 'Apple Tester', email: newEmail('apple') })
const otherKeyPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString()

/** Runs an apple login to its callback; answers the result URI's parameters. */
async function appleLogin(rig: SocialRig, start: (p: string) => Promise<Response>) {
  const started = await start('apple')
  expect(started.status).toBe(200)
  const answer = await started.json()
  const browser = new Browser()
  const authorizationUrl = await begun(browser, answer)
  const back = await callBack(
    browser,
    await throughProvider(browser, rig.server.url, authorizationUrl, someone()),
  )
  expect(back.status).toBe(303)
  return { state: answer.state as string, result: Object.fromEntries(back.result ?? []) }
}

describe('apple login with a signed client secret', () => {
  let rig: SocialRig
  const { start, socialLogin } = socialClient(() => rig)
  beforeAll(async () => {
    rig = await startSocialRig()
  }, 60_000)
  afterAll(async () => {
    await rig?.stop()
  })

  it('logs in; a secret already expired when presented is refused and stores nothing', async () => {
    const now = rig.clock.now
    // The server's clock two hours back: the secret it signs expired an hour ago.
    rig.clock.now = now - 2 * APPLE_CLIENT_SECRET_TTL_SECONDS * 1000
    const before = await snapshot(rig)
    const { state, result } = await appleLogin(rig, start)
    expect(result).toEqual({
      state,
      error: 'login_failed',
      errorDescription: 'The apple login failed',
    })
    expect(await snapshot(rig)).toEqual(before)
    // Back at the right time the kept secret is too old: a new one is signed and accepted.
    rig.clock.now = now
    const first = await socialLogin('apple', someone())
    expect(first.user.socialProvider).toBe('apple')
  })
})

describe.each([
  {
    what: 'signed by another key',
    change: (env: Record<string, string>) => {
      env.PORTICO_SOCIAL_APPLE_PRIVATE_KEY = otherKeyPem()
    },
  },
  {
    what: 'naming another audience',
    change: (env: Record<string, string>, idp: RunningIdentityProvider) => {
      // The id token check would fail too, but the token URL refuses the secret first.
      env.PORTICO_SOCIAL_APPLE_ISSUER = `${idp.url}/google`
    },
  },
  {
    what: 'naming another team',
    change: (env: Record<string, string>) => {
      env.PORTICO_SOCIAL_APPLE_TEAM_ID = 'OTHERTEAM1'
    },
  },
  {
    what: 'naming another key id',
    change: (env: Record<string, string>) => {
      env.PORTICO_SOCIAL_APPLE_KEY_ID = 'OTHERKEY01'
    },
  },
])('a client secret $what', ({ change }) => {
  let rig: SocialRig
  const { start } = socialClient(() => rig)
  beforeAll(async () => {
    rig = await startSocialRig(change)
  }, 60_000)
  afterAll(async () => {
    await rig?.stop()
  })

  it('is refused with invalid_client: login_failed, nothing stored', async () => {
    const before = await snapshot(rig)
    const { state, result } = await appleLogin(rig, start)
    expect(result).toEqual({
      state,
      error: 'login_failed',
      errorDescription: 'The apple login failed',
    })
    expect(await snapshot(rig)).toEqual(before)
  })
})

describe('the token URL refusing a bad secret', () => {
  let idp: RunningIdentityProvider
  beforeAll(async () => {
    idp = await startIdentityProvider()
  })
  afterAll(async () => {
    await idp?.stop()
  })

  it('is a ProviderAnswerError naming 401 invalid_client (what the server logs)', async () => {
    const env = socialLoginEnv(idp)
    const good = readSocialLoginConfig(env).providers.apple as SocialProviderConfig
    env.PORTICO_SOCIAL_APPLE_PRIVATE_KEY = otherKeyPem()
    const forged = readSocialLoginConfig(env).providers.apple as SocialProviderConfig
    const callback = 'http://127.0.0.1:9/v1/embedded-wallet/social/callback/apple'
    const codeFor = async (verifier: string) => {
      const url = new URL(good.authorizationUrl)
      const query = {
        response_type: 'code',
        client_id: good.clientId,
        redirect_uri: callback,
        scope: 'openid email',
        state: randomBytes(16).toString('hex'),
        nonce: randomBytes(16).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
      const run = await throughProvider(new Browser(), 'http://127.0.0.1:9/', url.href, someone())
      return new URL(run.callbackUrl).searchParams.get('code') as string
    }
    const verifier = randomBytes(32).toString('base64url')
    const refused = exchangeCode(forged, await codeFor(verifier), callback, verifier, Date.now())
    await expect(refused).rejects.toThrow(ProviderAnswerError)
    await expect(refused).rejects.toThrow('the token endpoint answered 401 (invalid_client)')
    // The same steps with the registered key get tokens.
    const verifier2 = randomBytes(32).toString('base64url')
    const tokens = await exchangeCode(
      good,
      await codeFor(verifier2),
      callback,
      verifier2,
      Date.now(),
    )
    expect(tokens.idToken).toEqual(expect.any(String))
  })
})
