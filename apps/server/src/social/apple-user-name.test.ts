// Apple's name comes only in the `user` field of its form post on the person's first consent
// (the local Apple stand-in posts it as Apple does). The first login is named from it, the
// later ones keep that name; a malformed, overlong or non-object field logs in unnamed, never
// a failure; the field is not taken from another provider, nor from a callback not posted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEmail } from '../test/embedded-wallet-client'
import {
  callBack,
  type Person,
  type ProviderRun,
  type SocialRig,
  socialClient,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'

let rig: SocialRig
const { startBegun, redeem } = socialClient(() => rig)
beforeAll(async () => {
  rig = await startSocialRig()
}, 60_000)
afterAll(async () => {
  await rig?.stop()
})

const person = (name: string): Person => ({ name, email: newEmail('apple-name') })

/** start -> provider -> `change` the way back -> callback -> redeem; the redeemed user. */
async function logIn(
  provider: string,
  who: Person,
  change: (run: ProviderRun) => ProviderRun = (run) => run,
) {
  const { authorizationUrl, state, browser } = await startBegun(provider)
  const run = await throughProvider(browser, rig.server.url, authorizationUrl, who)
  const back = await callBack(browser, change(run))
  expect(back.status).toBe(303)
  const resultCode = back.result?.get('resultCode')
  expect(resultCode, `the callback answered ${back.result}`).toEqual(expect.any(String))
  const redeemed = await redeem(state, resultCode as string)
  expect(redeemed.status).toBe(200)
  const { user } = await redeemed.json()
  return { run, user: user as { userId: string; userName: string | null } }
}

const withUser = (value: string) => (run: ProviderRun) => {
  const form = new URLSearchParams(run.callbackForm)
  form.set('user', value)
  return { ...run, callbackForm: form }
}

describe('the name from Apple', () => {
  it('names the first login from the posted user field, and the later ones by the name kept', async () => {
    const ada = person('Ada Lovelace')
    const first = await logIn('apple', ada)
    expect(first.run.callbackForm?.has('user')).toBe(true)
    expect(first.user.userName).toBe('Ada Lovelace')

    // Apple posts it once: a later login has no field, and is still named.
    const second = await logIn('apple', ada)
    expect(second.run.callbackForm?.has('user')).toBe(false)
    expect(second.user).toMatchObject({ userId: first.user.userId, userName: 'Ada Lovelace' })
  })

  it('trims the parts, and takes the first name alone when there is no last name', async () => {
    const { user } = await logIn(
      'apple',
      person('Someone Else'),
      withUser(JSON.stringify({ name: { firstName: '  Grace ', lastName: '' } })),
    )
    expect(user.userName).toBe('Grace')
  })

  it.each([
    ['not JSON', '{"name":'],
    ['a JSON array', JSON.stringify([{ name: { firstName: 'Ada' } }])],
    ['a JSON string', JSON.stringify('Ada Lovelace')],
    ['null', 'null'],
    ['a name that is a string', JSON.stringify({ name: 'Ada Lovelace' })],
    ['a first name that is a number', JSON.stringify({ name: { firstName: 7, lastName: 'L' } })],
    ['a name of blanks', JSON.stringify({ name: { firstName: '  ', lastName: ' ' } })],
    ['a first name too long', JSON.stringify({ name: { firstName: 'A'.repeat(51) } })],
    ['a control character', JSON.stringify({ name: { firstName: 'Ada\u0007' } })],
    [
      'a field over 2048 characters',
      JSON.stringify({ name: { firstName: 'Ada', lastName: 'L' }, pad: 'x'.repeat(3000) }),
    ],
  ])('logs in unnamed with %s', async (_what, value) => {
    const { user } = await logIn('apple', person('Malformed Field'), withUser(value))
    expect(user.userName).toBeNull()
  })

  it('is not taken from a callback that is not posted', async () => {
    const { user } = await logIn('apple', person('Query String'), (run) => {
      const url = new URL(run.callbackUrl)
      for (const [name, value] of run.callbackForm ?? []) url.searchParams.set(name, value)
      return { callbackUrl: url.href }
    })
    expect(user.userName).toBeNull()
  })

  it("is not taken from another provider's form post", async () => {
    const grace = { name: 'Grace Hopper', email: newEmail('google-name') }
    const { user } = await logIn('google', grace, (run) => {
      const url = new URL(run.callbackUrl)
      const form = new URLSearchParams(url.searchParams)
      form.set('user', JSON.stringify({ name: { firstName: 'Not', lastName: 'Google' } }))
      return { callbackUrl: `${url.origin}${url.pathname}`, callbackForm: form }
    })
    expect(user.userName).toBe('Grace Hopper')
  })
})
