// The site a Farcaster sign-in is for: a channel belongs to the project it was asked for, and the
// domain and URI the person signs must be a site of that project (the page asking, or without
// an Origin one of the project's allowed origins). Attacked as an attacker would: a message for
// evil.example signed by fid 1's real custody key, a channel asked for by evil.example's page or
// server, a channel of one project redeemed with another's projectId. Each refusal is a 4xx with
// a plain message and stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  type FarcasterRig,
  farcasterClient,
  SIGN_IN_DOMAIN,
  SIGN_IN_ORIGIN,
  SIGN_IN_URI,
  startFarcasterRig,
} from '../test/farcaster-client'
import { storedRows } from '../test/stored-rows'

let rig: FarcasterRig
const { openChannel, createChannel, signAndAuthenticate, status, login } = farcasterClient(
  () => rig,
)
const stored = storedRows(
  () => rig.server.app.portico.db,
  ['embedded_wallet_users', 'embedded_wallet_identities', 'embedded_wallet_sessions'],
)

beforeAll(async () => {
  rig = await startFarcasterRig()
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

const EVIL = { domain: 'evil.example', siweUri: 'https://evil.example/login' }
const SITE_REFUSED = 'The Farcaster sign-in must be for a site of this project'

async function expectError(response: Response, status: number, code: string, message: string) {
  expect(response.status, await response.clone().text()).toBe(status)
  expect(await response.json()).toEqual({ error: { code, message } })
}

function preflight(path: string, origin: string) {
  return fetch(`${rig.server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
}

describe('the site a Farcaster sign-in is for', () => {
  it('refuses a sign-in for evil.example signed by fid 1’s custody key: no channel, no session, no user', async () => {
    const before = await stored.read()
    // evil.example's server asks for a channel of the project, naming its own site...
    await expectError(
      await openChannel(EVIL, { origin: null }),
      403,
      'FARCASTER_ORIGIN_NOT_ALLOWED',
      `${SITE_REFUSED}: the domain is not one of the project’s allowed origins`,
    )
    // ...its page does...
    await expectError(
      await openChannel(EVIL, { origin: 'https://evil.example' }),
      403,
      'ORIGIN_NOT_ALLOWED',
      'Unauthorized: origin not allowed',
    )
    // ...or it asks as the public relay is asked, with no project at all.
    const bare = await fetch(`${rig.server.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(EVIL),
    })
    await expectError(bare, 401, 'INVALID_KEY', 'Unauthorized: invalid key')

    // The message the person signed for evil.example does not complete a channel of ours...
    const channel = await createChannel()
    const signedForEvil = await signAndAuthenticate(channel, {
      domain: EVIL.domain,
      uri: EVIL.siweUri,
    })
    await expectError(
      signedForEvil,
      401,
      'FARCASTER_MESSAGE_INVALID',
      'Invalid Farcaster sign-in: the domain is not the channel’s',
    )
    expect((await status(channel.channelToken)).status).toBe(202)
    // ...so nothing can be redeemed for a session.
    await expectError(
      await login(channel.channelToken),
      409,
      'FARCASTER_CHANNEL_PENDING',
      'This channel has not been authenticated yet',
    )
    expect(await stored.read()).toBe(before)
  })

  it('refuses a channel of one project redeemed with another project’s projectId, which leaves it to its own', async () => {
    // Project B allows the same site, so only the project tells the two apart.
    const projectB = await rig.server.app.portico.projects.create({
      name: 'Shop B',
      origins: ['127.0.0.1:*'],
    })
    const channel = await createChannel()
    expect((await signAndAuthenticate(channel)).status).toBe(201)
    const before = await stored.read()
    await expectError(
      await login(channel.channelToken, { projectId: projectB.id }),
      403,
      'FARCASTER_CHANNEL_OF_ANOTHER_PROJECT',
      'This sign-in was started for another project',
    )
    expect(await stored.read()).toBe(before)
    // The refusal spent nothing: the project the channel was made for still redeems it.
    const own = await login(channel.channelToken, { projectId: DEV_PROJECT_ID })
    expect(own.status, await own.clone().text()).toBe(200)
  })

  it('refuses a channel asked for by a page of another site, or naming a site other than the page', async () => {
    await expectError(
      await openChannel({}, { origin: 'https://evil.example' }),
      403,
      'ORIGIN_NOT_ALLOWED',
      'Unauthorized: origin not allowed',
    )
    const refusedPreflight = await preflight(
      `/v1/channel?projectId=${DEV_PROJECT_ID}`,
      'https://evil.example',
    )
    expect(refusedPreflight.status).toBe(403)
    expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull()

    // An allowed page may only ask for itself, not for another site the project allows.
    await expectError(
      await openChannel({ domain: 'localhost:3000', siweUri: 'http://localhost:3000/' }),
      403,
      'FARCASTER_ORIGIN_NOT_ALLOWED',
      `${SITE_REFUSED}: the domain is not the host of the page that asks`,
    )
    await expectError(
      await openChannel({ siweUri: EVIL.siweUri }),
      403,
      'FARCASTER_ORIGIN_NOT_ALLOWED',
      `${SITE_REFUSED}: the URI is not on the origin of the page that asks`,
    )

    const allowedPreflight = await preflight(
      `/v1/channel?projectId=${DEV_PROJECT_ID}`,
      SIGN_IN_ORIGIN,
    )
    expect(allowedPreflight.status).toBe(204)
    expect(allowedPreflight.headers.get('access-control-allow-origin')).toBe(SIGN_IN_ORIGIN)
  })

  it('takes a channel from a server (no Origin) only for a site the project allows, its URI on its domain', async () => {
    const channel = await createChannel(
      { domain: 'localhost:3000', siweUri: 'http://localhost:3000/' },
      { origin: null },
    )
    expect(new URL(channel.url).searchParams.get('domain')).toBe('localhost:3000')
    await expectError(
      await openChannel(
        { domain: SIGN_IN_DOMAIN, siweUri: 'http://localhost:3000/' },
        { origin: null },
      ),
      403,
      'FARCASTER_ORIGIN_NOT_ALLOWED',
      `${SITE_REFUSED}: the URI is not on the domain`,
    )
    await expectError(
      await openChannel(
        { domain: SIGN_IN_DOMAIN, siweUri: SIGN_IN_URI },
        { projectId: 'f'.repeat(32) },
      ),
      401,
      'INVALID_KEY',
      'Unauthorized: invalid key',
    )
  })

  it('leaves authenticate and status to the channel token alone, from any origin, as the public relay', async () => {
    const answer = await preflight('/v1/channel/authenticate', 'https://client.farcaster.example')
    expect(answer.status).toBe(204)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    const channel = await createChannel()
    const read = await fetch(`${rig.server.url}/v1/channel/status`, {
      headers: {
        origin: 'https://client.farcaster.example',
        authorization: `Bearer ${channel.channelToken}`,
      },
    })
    expect(read.status).toBe(202)
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
  })
})
