// Social login against the real server and the local identity provider over HTTP: start ->
// the provider's login page -> consent -> our callback -> redeem, for an OpenID provider
// (google, apple's form post) and plain OAuth 2.0 ones (github, x: the user-info endpoint).
// Same person and provider -> same user -> same wallet; refusals store nothing.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEmail } from '../test/embedded-wallet-client'
import { splitKey, walletBody } from '../test/key-split'
import { redeemSecretPair } from '../test/redeem-secret-pair'
import {
  callBack,
  RESULT_URI,
  type SocialRig,
  socialClient,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'

let rig: SocialRig
const { call, start, startBegun, redeem, socialLogin } = socialClient(() => rig)

beforeAll(async () => {
  rig = await startSocialRig()
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

const CHALLENGE = redeemSecretPair().challenge
/** Stores a wallet of a new key for the session, split as the frame splits it. */
async function storeWallet(token: string) {
  const body = walletBody(await splitKey())
  expect((await call('/wallet', { token, body })).status).toBe(201)
  return body
}
const person = (label: string) => ({
  name: `${label} Tester`,
  email: newEmail(label.toLowerCase()),
})

async function count(table: string): Promise<number> {
  const { rows } = await rig.server.app.portico.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM ${table}`,
  )
  return Number(rows[0]?.n)
}
const TABLES = [
  'social_login_states',
  'social_login_results',
  'embedded_wallet_identities',
  'embedded_wallet_users',
  'embedded_wallet_sessions',
]
const snapshot = async () => Promise.all(TABLES.map(count))

describe.each([
  { provider: 'google', email: true, userName: (p: { name: string }) => p.name },
  { provider: 'github', email: true, userName: () => expect.stringMatching(/-tester$/) },
  { provider: 'x', email: false, userName: () => expect.stringMatching(/-tester$/) },
  // Apple's name: from the user field its form post carries on the first consent.
  { provider: 'apple', email: true, userName: (p: { name: string }) => p.name },
  { provider: 'discord', email: true, userName: () => expect.stringMatching(/-tester$/) },
  { provider: 'facebook', email: true, userName: (p: { name: string }) => p.name },
])('$provider login', ({ provider, email, userName }) => {
  it('logs a new person in, and the same person again gets the same user and wallet', async () => {
    const someone = person(provider)
    const first = await socialLogin(provider, someone)
    expect(first).toEqual({
      session: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
      },
      user: {
        userId: expect.any(String),
        email: email ? someone.email : null,
        userName: userName(someone),
        socialProvider: provider,
      },
      wallet: null,
    })
    const { address } = await storeWallet(first.session.token)

    const second = await socialLogin(provider, someone)
    expect(second.user.userId).toBe(first.user.userId)
    expect(second.wallet).toEqual({ address })
    expect(second.session.token).not.toBe(first.session.token)
    const auth = await call('/shares/auth', { token: second.session.token })
    expect(auth.status).toBe(200)

    const other = await socialLogin(provider, person(provider))
    expect(other.user.userId).not.toBe(first.user.userId)
    expect(other.wallet).toBeNull()
  })
})

describe('a social login user', () => {
  it('has no login e-mail: /me shows none, e-mail change and key export are refused', async () => {
    const { session } = await socialLogin('github', person('Mailless'))
    const me = await call('/me', { token: session.token })
    expect(me.status).toBe(200)
    expect((await me.json()).user.email).toBeNull()
    const before = await snapshot()
    const update = await call('/email/update', {
      token: session.token,
      body: { newEmail: newEmail('mailless') },
    })
    expect(update.status).toBe(409)
    expect((await update.json()).error.code).toBe('NO_LOGIN_EMAIL')
    expect(await snapshot()).toEqual(before)
    await storeWallet(session.token)
    const exported = await call('/export/otp', { token: session.token, body: {} })
    expect(exported.status).toBe(409)
    expect((await exported.json()).error.code).toBe('NO_LOGIN_EMAIL')
  })
})

describe('social login refusals', () => {
  it('a denied consent comes back as access_denied and stores nothing', async () => {
    const { authorizationUrl, state, browser } = await startBegun('github')
    const before = await snapshot()
    const run = await throughProvider(
      browser,
      rig.server.url,
      authorizationUrl,
      person('Denier'),
      'deny',
    )
    const back = await callBack(browser, run)
    expect(back.status).toBe(303)
    expect(Object.fromEntries(back.result ?? [])).toEqual({
      state,
      error: 'access_denied',
      errorDescription: 'The github login was cancelled',
    })
    const after = await snapshot()
    expect(after).toEqual(before)
  })

  it('a state and a result code are each good once', async () => {
    const { authorizationUrl, state, browser } = await startBegun('google')
    const run = await throughProvider(browser, rig.server.url, authorizationUrl, person('Replayer'))
    // The binding cookie as it was before the callback took it away.
    const copied = browser.copy()
    const back = await callBack(browser, run)
    const resultCode = back.result?.get('resultCode') as string
    expect(resultCode).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const before = await snapshot()
    expect(await callBack(browser, run)).toMatchObject({
      status: 400,
      page: expect.stringContaining('started in another browser'),
    })
    expect(await callBack(copied, run)).toMatchObject({
      status: 400,
      page: expect.stringContaining('This login is unknown, expired or already used.'),
    })
    expect(await snapshot()).toEqual(before)

    const wrong = await redeem(state, randomBytes(32).toString('base64url'))
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).error.code).toBe('SOCIAL_RESULT_INVALID')
    const otherState = await redeem(randomBytes(32).toString('base64url'), resultCode)
    expect(otherState.status).toBe(401)
    expect((await redeem(state, resultCode)).status).toBe(200)
    const again = await redeem(state, resultCode)
    expect(again.status).toBe(401)
  })

  it('a leaked result URI is refused without the redeem secret of the frame that started it', async () => {
    const frame = redeemSecretPair()
    const { authorizationUrl, state, browser } = await startBegun(
      'github',
      RESULT_URI,
      frame.challenge,
    )
    const back = await callBack(
      browser,
      await throughProvider(browser, rig.server.url, authorizationUrl, person('Leaker')),
    )
    const resultCode = back.result?.get('resultCode') as string
    const before = await snapshot()
    // Whoever read the URI (history, a log, a script on the page) has state and code only.
    for (const redeemSecret of [redeemSecretPair().secret, frame.challenge]) {
      const stolen = await redeem(state, resultCode, redeemSecret)
      expect(stolen.status).toBe(401)
      expect((await stolen.json()).error.code).toBe('SOCIAL_RESULT_INVALID')
    }
    expect(await snapshot()).toEqual(before)
    // The refusals spent nothing: the frame that holds the secret still gets its session.
    const own = await redeem(state, resultCode, frame.secret)
    expect(own.status).toBe(200)
    expect((await own.json()).user.userName).toMatch(/-tester$/)
  })

  it('a result code is not redeemed in another project', async () => {
    const frame = redeemSecretPair()
    const { authorizationUrl, state, browser } = await startBegun('x', RESULT_URI, frame.challenge)
    const back = await callBack(
      browser,
      await throughProvider(browser, rig.server.url, authorizationUrl, person('Crosser')),
    )
    const resultCode = back.result?.get('resultCode') as string
    const elsewhere = await call('/social/redeem', {
      projectId: 'unknown-project',
      body: { state, resultCode, redeemSecret: frame.secret },
    })
    expect(elsewhere.status).toBe(401)
    expect((await redeem(state, resultCode, frame.secret)).status).toBe(200)
  })

  it('bad input is refused with a 4xx and changes nothing', async () => {
    const before = await snapshot()
    const refusals: Array<[Promise<Response>, number]> = [
      [start('myspace'), 400],
      [start('google', 'https://evil.example/steal'), 400],
      [start('google', 'javascript:alert(1)'), 400],
      [start('google', 'not a url'), 400],
      [
        call('/social/start', {
          body: { provider: 'google', resultUri: RESULT_URI, redeemChallenge: CHALLENGE, extra: 1 },
        }),
        400,
      ],
      [call('/social/start', { body: { provider: 'google' } }), 400],
      [call('/social/start', { body: { provider: 'google', resultUri: RESULT_URI } }), 400],
      [start('google', RESULT_URI, 'not-a-challenge'), 400],
      [
        call('/social/start', {
          body: { provider: 'google', resultUri: RESULT_URI, redeemChallenge: CHALLENGE },
          origin: 'https://evil.example',
        }),
        403,
      ],
      [redeem('short', 'short'), 400],
      [call('/social/redeem', { body: { state: 'a'.repeat(43) } }), 400],
      [fetch(`${rig.server.url}/v1/embedded-wallet/social/callback/myspace?state=x&code=y`), 400],
      [
        fetch(
          `${rig.server.url}/v1/embedded-wallet/social/callback/google?state=${'a'.repeat(43)}&code=y`,
        ),
        400,
      ],
      [
        fetch(`${rig.server.url}/v1/embedded-wallet/social/callback/google?state=x&code=y&evil=1`),
        400,
      ],
      [fetch(`${rig.server.url}/v1/embedded-wallet/social/callback/google?code=y`), 400],
    ]
    for (const [pending, status] of refusals) {
      const response = await pending
      expect(response.status).toBe(status)
    }
    expect(await snapshot()).toEqual(before)
    const started = await start('google')
    const { error } = await started.json()
    expect(error).toBeUndefined()
  })
})
