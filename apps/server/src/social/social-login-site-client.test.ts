// A project's own OAuth client: the operator registers one per site at each provider, under the
// site's name, so the provider's consent names the site the visitor is on rather than the
// operator's server-wide client. Real OAuth against the local identity provider, which has a
// client for each of two sites here. A login is bound to its project's client: a code the
// provider gave another project's client is never taken as this project's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { ProjectStore } from '../projects/project-store'
import { embeddedClient, newEmail } from '../test/embedded-wallet-client'
import { redeemSecretPair } from '../test/redeem-secret-pair'
import {
  Browser,
  begun,
  callBack,
  RESULT_URI,
  type SocialRig,
  startSocialRig,
  throughProvider,
} from '../test/social-login-client'
import { type StoredRows, storedRows } from '../test/stored-rows'

const SHOP = { projectId: 'a1'.repeat(16), name: 'Acme Shop' }
const CLUB = { projectId: 'b2'.repeat(16), name: 'Bistro Club' }

let rig: SocialRig
const { call } = embeddedClient(() => rig)
let rows: StoredRows

beforeAll(async () => {
  rig = await startSocialRig(undefined, undefined, [SHOP, CLUB])
  const projects = new ProjectStore(rig.server.app.portico.db)
  for (const site of [SHOP, CLUB]) {
    await projects.ensure({ id: site.projectId, name: site.name, allowedOrigins: ['127.0.0.1:*'] })
  }
  rows = storedRows(
    () => rig.server.app.portico.db,
    ['embedded_wallet_identities', 'embedded_wallet_users', 'embedded_wallet_sessions'],
  )
}, 120_000)
afterAll(async () => {
  await rig?.stop()
})

/** A login started for `projectId` and begun in a new browser: what the host page would get. */
async function started(provider: string, projectId: string) {
  const frame = redeemSecretPair()
  const answer = await call('/social/start', {
    body: { provider, resultUri: RESULT_URI, redeemChallenge: frame.challenge },
    projectId,
  })
  expect(answer.status).toBe(200)
  const { beginUrl, state } = (await answer.json()) as { beginUrl: string; state: string }
  const browser = new Browser()
  const authorizationUrl = await begun(browser, { beginUrl, state })
  return { frame, state, browser, authorizationUrl }
}

const person = () => ({ name: 'Site Tester', email: newEmail('site') })
const heading = (name: string) => `<h1>Sign in to ${name}?</h1>`

describe("a project's own client at the provider", () => {
  it.each(['google', 'github', 'apple'])(
    '%s: the consent names the project’s site, and the login gives a session of that project',
    async (provider) => {
      const login = await started(provider, SHOP.projectId)
      const run = await throughProvider(
        login.browser,
        rig.server.url,
        login.authorizationUrl,
        person(),
      )
      expect(run.consentPage).toContain(heading(SHOP.name))
      expect(run.consentPage).not.toContain('Portico (local)')
      const back = await callBack(login.browser, run)
      const resultCode = back.result?.get('resultCode')
      expect(back.status).toBe(303)
      expect(resultCode).toBeTruthy()
      const redeemed = await call('/social/redeem', {
        body: { state: login.state, resultCode, redeemSecret: login.frame.secret },
        projectId: SHOP.projectId,
      })
      expect(redeemed.status).toBe(200)
      const { session } = (await redeemed.json()) as { session: { token: string } }
      // The session is the shop's: the club's project does not know it.
      expect((await call('/me', { token: session.token, projectId: SHOP.projectId })).status).toBe(
        200,
      )
      expect((await call('/me', { token: session.token, projectId: CLUB.projectId })).status).toBe(
        401,
      )
    },
  )

  it('a project without one logs in with the server-wide client, whose consent names the operator’s client', async () => {
    const login = await started('google', DEV_PROJECT_ID)
    const run = await throughProvider(
      login.browser,
      rig.server.url,
      login.authorizationUrl,
      person(),
    )
    expect(run.consentPage).toContain(heading('Portico (local)'))
    expect((await callBack(login.browser, run)).result?.get('resultCode')).toBeTruthy()
  })
})

describe('a login started for one project, finished with another project’s client', () => {
  it.each(['google', 'github'])(
    '%s: a consent given to the other client yields a failed login and no session',
    async (provider) => {
      // The attacker wants the visitor to see a name they trust (the club) on the consent of a
      // login of the shop's: it swaps the client in the provider link.
      const login = await started(provider, SHOP.projectId)
      const swapped = new URL(login.authorizationUrl)
      expect(swapped.searchParams.get('client_id')).toContain(SHOP.projectId)
      swapped.searchParams.set(
        'client_id',
        (swapped.searchParams.get('client_id') as string).replace(SHOP.projectId, CLUB.projectId),
      )
      const before = await rows.read()
      const run = await throughProvider(login.browser, rig.server.url, swapped.href, person())
      expect(run.consentPage).toContain(heading(CLUB.name))
      const back = await callBack(login.browser, run)
      // The code is the club client's: exchanged with the shop's client, the provider refuses it.
      expect(back.status).toBe(303)
      expect(back.result?.get('resultCode')).toBeNull()
      expect(back.result?.get('error')).toBe('login_failed')
      expect(await rows.read()).toEqual(before)
    },
  )

  it('google: the other project’s code under this project’s state is refused the same way', async () => {
    const shop = await started('google', SHOP.projectId)
    const club = await started('google', CLUB.projectId)
    // The club's login, finished at the provider, carries a code for the club's client; the
    // attacker posts it to our callback with the shop's state, in the browser that began it.
    const run = await throughProvider(club.browser, rig.server.url, club.authorizationUrl, person())
    const callback = new URL(run.callbackUrl)
    callback.searchParams.set('state', shop.state)
    const before = await rows.read()
    const back = await callBack(shop.browser, { callbackUrl: callback.href })
    expect(back.status).toBe(303)
    expect(back.result?.get('resultCode')).toBeNull()
    expect(back.result?.get('error')).toBe('login_failed')
    expect(await rows.read()).toEqual(before)
  })
})
