// Social login tried as an attacker would: start a login of your own (your result URI, your
// redeem secret), then get a victim who is signed in at the provider to finish it, so that the
// victim's session comes back to you. Every step the attacker needs is refused: the result URI
// must be on the project's own origins, the begin form is only taken from a page of that origin,
// and the provider's callback finishes only in the browser that began the login.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { FRAME_ORIGIN, newEmail } from '../test/embedded-wallet-client'
import { FORGED_HOST, forgedHostRequest } from '../test/forged-host'
import { redeemSecretPair } from '../test/redeem-secret-pair'
import {
  Browser,
  begin,
  callBack,
  HOST_ORIGIN,
  RESULT_URI,
  type SocialRig,
  socialClient,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'
import { type StoredRows, storedRows } from '../test/stored-rows'
import { NOT_BEGUN_HERE_MESSAGE } from './social-login-service'

let rig: SocialRig
const { start, startBegun, redeem } = socialClient(() => rig)
let rows: StoredRows

beforeAll(async () => {
  rig = await startSocialRig()
  rows = storedRows(
    () => rig.server.app.portico.db,
    [
      'social_login_states',
      'social_login_results',
      'embedded_wallet_identities',
      'embedded_wallet_users',
      'embedded_wallet_sessions',
    ],
  )
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

const victim = () => ({ name: 'Victim Tester', email: newEmail('victim') })

/** The attacker's own start: its result URI and the secret only it holds. */
async function attackerStart(provider = 'google') {
  const attacker = redeemSecretPair()
  const started = await start(provider, RESULT_URI, attacker.challenge)
  expect(started.status).toBe(200)
  const { beginUrl, state } = (await started.json()) as { beginUrl: string; state: string }
  return { attacker, beginUrl, state }
}

describe('a login started by one browser and finished by another', () => {
  it.each(['google', 'github', 'apple'])(
    '%s: the victim who follows the attacker’s link ends on a refusal, and the attacker redeems nothing',
    async (provider) => {
      const { attacker, beginUrl, state } = await attackerStart(provider)
      // The attacker begins in its own browser (as the modal would) to get the provider's page.
      const attackerBrowser = new Browser()
      const begun = await begin(attackerBrowser, beginUrl, state)
      expect(begun.status).toBe(303)
      const loginLink = begun.headers.get('location') as string
      const before = await rows.read()

      // The victim, in a browser of their own, logs in at the provider and consents.
      const victimBrowser = new Browser()
      const run = await throughProvider(victimBrowser, rig.server.url, loginLink, victim())
      const back = await callBack(victimBrowser, run)
      expect(back.status).toBe(400)
      expect(back.result).toBeUndefined()
      expect(back.page).toContain(NOT_BEGUN_HERE_MESSAGE)
      // No user, no identity, no result code: the victim's login went nowhere.
      expect(await rows.read()).toEqual(before)

      // Whatever the attacker tries with the state, no session comes out.
      const guess = await redeem(state, randomBytes(32).toString('base64url'), attacker.secret)
      expect(guess.status).toBe(401)
      expect((await guess.json()).error.code).toBe('SOCIAL_RESULT_INVALID')
      expect(await rows.read()).toEqual(before)
    },
  )

  it('the callback works in the browser that began, even after another browser tried it first', async () => {
    const { authorizationUrl, state, browser } = await startBegun('github')
    const someone = victim()
    const stranger = new Browser()
    const strangerRun = await throughProvider(stranger, rig.server.url, authorizationUrl, someone)
    expect((await callBack(stranger, strangerRun)).status).toBe(400)
    // The refusal spent nothing: the browser that began still finishes its login.
    const run = await throughProvider(browser, rig.server.url, authorizationUrl, someone)
    const back = await callBack(browser, run)
    expect(back.status).toBe(303)
    expect(back.result?.get('state')).toBe(state)
    expect(back.result?.get('resultCode')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

describe('Apple’s form post, kept for the GET that follows it', () => {
  it('cannot be collected by a stranger who began the login with a forged Origin and polls by the state', async () => {
    // The attacker begins as curl would, writing the site's Origin itself: it holds a binding
    // cookie of its own for the state.
    const { attacker, beginUrl, state } = await attackerStart('apple')
    const attackerBrowser = new Browser()
    const begun = await begin(attackerBrowser, beginUrl, state)
    expect(begun.status).toBe(303)
    // The victim follows the Apple link and consents; Apple's page posts the answer to us.
    const victimBrowser = new Browser()
    const run = await throughProvider(
      victimBrowser,
      rig.server.url,
      String(begun.headers.get('location')),
      victim(),
    )
    const posted = await victimBrowser.go(run.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: run.callbackForm?.toString(),
    })
    expect(posted.status).toBe(303)
    const before = await rows.read()
    // Everything the attacker can write without the victim's redirect: the state alone, or a
    // guessed token. None of it gives a result.
    const callback = `${rig.server.url}/v1/embedded-wallet/social/callback/apple`
    for (const query of [
      new URLSearchParams({ state }),
      new URLSearchParams({ state, post: randomBytes(32).toString('base64url') }),
    ]) {
      const polled = await attackerBrowser.copy().go(`${callback}?${query}`)
      expect(polled.status).toBe(400)
      expect(polled.headers.get('location')).toBeNull()
    }
    // The victim's browser, which never began, cannot finish it either.
    const followed = await victimBrowser.go(
      new URL(String(posted.headers.get('location')), callback).href,
    )
    expect(followed.status).toBe(400)
    expect(await followed.text()).toContain(NOT_BEGUN_HERE_MESSAGE)
    expect(await rows.read()).toEqual(before)
    const guess = await redeem(state, randomBytes(32).toString('base64url'), attacker.secret)
    expect(guess.status).toBe(401)
  })
})

describe('the begin form', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike of the page', 'http://127.0.0.1.evil.example:5173'],
    ['another port of the page’s host', 'http://127.0.0.1:5174'],
    ['the frame', FRAME_ORIGIN],
    ['an opaque origin', 'null'],
    ['no Origin at all', null],
  ])('posted from %s is refused with a page, and the login stays unbegun', async (_, origin) => {
    const { beginUrl, state } = await attackerStart()
    const browser = new Browser()
    const before = await rows.read()
    const refused = await begin(browser, beginUrl, state, origin)
    expect(refused.status).toBe(400)
    expect(refused.headers.get('location')).toBeNull()
    expect(refused.headers.get('set-cookie')).toBeNull()
    expect(await refused.text()).toContain(
      'This login can only be started from the site that asked for it.',
    )
    expect(await rows.read()).toEqual(before)
    // The page the login was started for can still begin it.
    expect((await begin(new Browser(), beginUrl, state, HOST_ORIGIN)).status).toBe(303)
  })

  it('begins a state once: a replayed form is refused', async () => {
    const { beginUrl, state } = await attackerStart()
    expect((await begin(new Browser(), beginUrl, state)).status).toBe(303)
    const replay = await begin(new Browser(), beginUrl, state)
    expect(replay.status).toBe(400)
    expect(replay.headers.get('set-cookie')).toBeNull()
    expect(await replay.text()).toContain('already under way')
  })

  it('refuses an unknown state, an expired one and a malformed form, changing nothing', async () => {
    const before = await rows.read()
    const { beginUrl } = await attackerStart()
    const afterStart = await rows.read()
    expect(afterStart).not.toEqual(before)
    const unknown = await begin(new Browser(), beginUrl, randomBytes(32).toString('base64url'))
    expect(unknown.status).toBe(400)
    const malformed = await begin(new Browser(), beginUrl, 'x')
    expect(malformed.status).toBe(400)
    const asGet = await fetch(beginUrl, { redirect: 'manual' })
    expect(asGet.status).toBe(404)

    const { state } = await attackerStart()
    rig.clock.now += 11 * 60 * 1000
    try {
      const expired = await begin(new Browser(), beginUrl, state)
      expect(expired.status).toBe(400)
      expect(await expired.text()).toContain('has expired')
    } finally {
      rig.clock.now -= 11 * 60 * 1000
    }
  })
})

describe('the result URI', () => {
  it.each([
    ['the frame’s origin', `${FRAME_ORIGIN}/social-result`],
    ['a site the project does not list', 'https://evil.example/steal'],
    ['a free hosting domain', 'https://attacker.vercel.app/'],
  ])('on %s is refused at start, and nothing is stored', async (_, resultUri) => {
    const before = await rows.read()
    const started = await start('google', resultUri)
    expect(started.status).toBe(400)
    expect((await started.json()).error).toEqual({
      code: 'SOCIAL_RESULT_URI_REFUSED',
      message: 'resultUri must be an http(s) URL on an origin this project allows',
    })
    expect(await rows.read()).toEqual(before)
  })
})

describe('a forged Host header', () => {
  it('is in neither the begin URL nor the provider’s redirect back to us', async () => {
    const started = await forgedHostRequest(
      `${rig.server.url}/v1/embedded-wallet/social/start?projectId=${DEV_PROJECT_ID}`,
      {
        method: 'POST',
        headers: { origin: FRAME_ORIGIN },
        body: JSON.stringify({
          provider: 'google',
          resultUri: RESULT_URI,
          redeemChallenge: redeemSecretPair().challenge,
        }),
      },
    )
    expect(started.status).toBe(200)
    const { beginUrl, state } = JSON.parse(started.text) as { beginUrl: string; state: string }
    expect(beginUrl).toBe(`${rig.server.url}/v1/embedded-wallet/social/begin`)
    const begun = await forgedHostRequest(beginUrl, {
      method: 'POST',
      headers: { origin: HOST_ORIGIN },
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({ state }).toString(),
    })
    expect(begun.status).toBe(303)
    const provider = new URL(String(begun.headers.location))
    expect(provider.searchParams.get('redirect_uri')).toBe(
      `${rig.server.url}/v1/embedded-wallet/social/callback/google`,
    )
    expect(`${started.text}${begun.headers.location}`).not.toContain(FORGED_HOST)
  })
})
