// Property test of the Farcaster routes: whatever a caller sends that is not a valid request (a
// field dropped, added, of another type or shape; a body that is no object; any Authorization
// header but the channel's), the answer is a 4xx in the error shape, never a 5xx, the channel
// stays pending and no row of the embedded wallet's user, identity or session tables changes.

import { REDEEM_TOKEN_PATTERN } from '@portico/protocol/embedded-wallet-api'
import {
  FARCASTER_CHANNEL_TOKEN_PATTERN,
  FARCASTER_DOMAIN_PATTERN,
  FARCASTER_SIGNATURE_PATTERN,
} from '@portico/protocol/farcaster-auth'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { FRAME_ORIGIN } from '../test/embedded-wallet-client'
import { expectRefusal } from '../test/expect-refusal'
import {
  custodyAccount,
  type FarcasterRig,
  farcasterClient,
  SIGN_IN_DOMAIN,
  SIGN_IN_ORIGIN,
  SIGN_IN_URI,
  signInMessage,
  startFarcasterRig,
} from '../test/farcaster-client'
import { type BodyField, brokenBody, matching, notAnObject } from '../test/malformed-body'
import { otherAuthorization } from '../test/other-authorization'
import { storedRows } from '../test/stored-rows'

let rig: FarcasterRig
const { createChannel, secretOf, status } = farcasterClient(() => rig)
let channelToken: string
let redeemSecret: string
let nonce: string

const RUNS = { numRuns: 50 }
const stored = storedRows(
  () => rig.server.app.portico.db,
  ['embedded_wallet_users', 'embedded_wallet_identities', 'embedded_wallet_sessions'],
)

beforeAll(async () => {
  rig = await startFarcasterRig()
  const channel = await createChannel()
  channelToken = channel.channelToken
  redeemSecret = secretOf(channel.channelToken)
  nonce = channel.nonce
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

async function validAuthenticate(): Promise<Record<string, unknown>> {
  const message = signInMessage({ nonce, issuedAt: rig.clock.now })
  return {
    message,
    signature: await custodyAccount.signMessage({ message }),
    fid: 1,
    username: 'a',
  }
}

const ROUTES: {
  name: string
  path: string
  fields: BodyField[]
  valid: () => Promise<Record<string, unknown>>
  headers: () => Record<string, string>
}[] = [
  {
    name: 'POST /v1/channel',
    path: `/v1/channel?projectId=${DEV_PROJECT_ID}`,
    fields: [{ name: 'domain', accepts: matching(FARCASTER_DOMAIN_PATTERN) }, { name: 'siweUri' }],
    valid: async () => ({ domain: SIGN_IN_DOMAIN, siweUri: SIGN_IN_URI }),
    headers: () => ({ origin: SIGN_IN_ORIGIN }),
  },
  {
    name: 'POST /v1/channel/authenticate',
    path: '/v1/channel/authenticate',
    fields: [
      { name: 'message' },
      { name: 'signature', accepts: matching(FARCASTER_SIGNATURE_PATTERN) },
      { name: 'fid', accepts: (v) => Number.isInteger(v) && Number(v) >= 1 },
      { name: 'username' },
    ],
    valid: validAuthenticate,
    headers: () => ({ authorization: `Bearer ${channelToken}` }),
  },
  {
    name: 'POST /v1/embedded-wallet/farcaster/login',
    path: `/v1/embedded-wallet/farcaster/login?projectId=${DEV_PROJECT_ID}`,
    fields: [
      { name: 'channelToken', accepts: matching(FARCASTER_CHANNEL_TOKEN_PATTERN) },
      { name: 'redeemSecret', accepts: matching(REDEEM_TOKEN_PATTERN) },
    ],
    valid: async () => ({ channelToken, redeemSecret }),
    // The frame's origin: the embedded wallet's routes take no other browser origin.
    headers: () => ({ origin: FRAME_ORIGIN }),
  },
]

/** Optional fields of the bodies: adding one of them can make a valid body. */
const OPTIONAL = [
  'redeemChallenge',
  'nonce',
  'notBefore',
  'expirationTime',
  'requestId',
  'redirectUrl',
  'bio',
  'displayName',
  'pfpUrl',
  'verifications',
  'custody',
]

/** A refusal in the error shape that changes no row and leaves the channel pending. */
async function expectCleanRefusal(response: Response, what: string, before: string) {
  await expectRefusal(response, what, { unchanged: { stored, before } })
  expect((await status(channelToken)).status, what).toBe(202)
}

function send(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${rig.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
}

describe('Farcaster routes under malformed input', () => {
  it.each(ROUTES)('$name: a broken body is a 4xx that changes nothing', async (route) => {
    const before = await stored.read()
    await fc.assert(
      fc.asyncProperty(brokenBody(route.fields, OPTIONAL), async (broken) => {
        const body = broken(await route.valid())
        const what = `${route.name} ${JSON.stringify(body).slice(0, 200)}`
        await expectCleanRefusal(
          await send(route.path, JSON.stringify(body), route.headers()),
          what,
          before,
        )
      }),
      RUNS,
    )
  })

  it.each(ROUTES)('$name: a body that is no object is a 4xx', async (route) => {
    const before = await stored.read()
    await fc.assert(
      fc.asyncProperty(notAnObject, async (raw) => {
        await expectCleanRefusal(await send(route.path, raw, route.headers()), raw, before)
      }),
      RUNS,
    )
  })

  it('any Authorization header but the channel’s own is refused by authenticate and status', async () => {
    const before = await stored.read()
    const body = JSON.stringify(await validAuthenticate())
    await fc.assert(
      fc.asyncProperty(otherAuthorization(channelToken), async (authorization) => {
        await expectCleanRefusal(
          await send('/v1/channel/authenticate', body, { authorization }),
          authorization,
          before,
        )
        const read = await fetch(`${rig.server.url}/v1/channel/status`, {
          headers: { authorization },
        })
        expect(read.status, authorization).toBe(401)
      }),
      RUNS,
    )
  })
})
