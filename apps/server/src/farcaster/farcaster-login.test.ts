// Sign In With Farcaster end to end with real keys: a seeded devnet chain whose IdRegistry holds
// fid 1 for dev account 2, the real server reading it, a fresh database. A channel is made,
// authenticated with a message the custody key signed, read as completed, and redeemed for an
// embedded-wallet session; every refusal leaves the channel pending and the tables untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { FRAME_ORIGIN } from '../test/embedded-wallet-client'
import {
  custodyAccount,
  type FarcasterRig,
  farcasterClient,
  otherAccount,
  SEEDED_FID,
  SIGN_IN_DOMAIN,
  SIGN_IN_URI,
  startFarcasterRig,
} from '../test/farcaster-client'
import { splitKey, walletBody } from '../test/key-split'
import { redeemSecretPair } from '../test/redeem-secret-pair'

let rig: FarcasterRig
const { openChannel, createChannel, secretOf, signAndAuthenticate, status, login } =
  farcasterClient(() => rig)

beforeAll(async () => {
  rig = await startFarcasterRig()
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

async function count(table: string): Promise<number> {
  const { rows } = await rig.server.app.portico.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table}`,
  )
  return rows[0]?.n ?? 0
}

async function storedCounts() {
  return {
    users: await count('embedded_wallet_users'),
    identities: await count('embedded_wallet_identities'),
    sessions: await count('embedded_wallet_sessions'),
  }
}

/** Refused with `code`, the channel still pending and nothing stored. */
async function expectRefused(response: Response, detail: RegExp, token: string) {
  expect(response.status, await response.clone().text()).toBe(401)
  const { error } = (await response.json()) as { error: { code: string; message: string } }
  expect(error.code).toBe('FARCASTER_MESSAGE_INVALID')
  expect(error.message).toMatch(detail)
  expect((await status(token)).status).toBe(202)
}

describe('Farcaster auth relay channel', () => {
  it('creates a channel with our nonce, reads pending (202), then completed (200) after a custody-signed message', async () => {
    const channel = await createChannel()
    expect(channel).toEqual({
      channelToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: expect.stringContaining('https://farcaster.xyz/~/siwf?channelToken='),
      connectUri: channel.url,
      nonce: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
    })
    const link = new URL(channel.url)
    expect(link.searchParams.get('nonce')).toBe(channel.nonce)
    expect(link.searchParams.get('domain')).toBe(SIGN_IN_DOMAIN)
    expect(link.searchParams.get('siweUri')).toBe(SIGN_IN_URI)

    const pending = await status(channel.channelToken)
    expect(pending.status).toBe(202)
    expect(await pending.json()).toMatchObject({ state: 'pending', nonce: channel.nonce })

    const authenticated = await signAndAuthenticate(channel)
    expect(authenticated.status, await authenticated.clone().text()).toBe(201)

    const done = await status(channel.channelToken)
    expect(done.status).toBe(200)
    const answer = await done.json()
    expect(answer).toMatchObject({
      state: 'completed',
      nonce: channel.nonce,
      fid: SEEDED_FID,
      username: 'portico-dev',
      displayName: 'Portico Dev',
      pfpUrl: 'https://example.com/pfp.png',
      custody: custodyAccount.address,
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    })
    expect(answer.message).toContain('Farcaster Auth')
    expect(answer.message).toContain(`farcaster://fid/${SEEDED_FID}`)
  })

  it('takes a nonce the caller gives, once', async () => {
    const nonce = `given${Date.now()}`
    const channel = await createChannel({ nonce })
    expect(channel.nonce).toBe(nonce)
    const again = await openChannel({ nonce })
    expect(again.status).toBe(409)
    expect((await again.json()).error.code).toBe('FARCASTER_NONCE_USED')
  })

  it('refuses an unknown channel token and a malformed body', async () => {
    const unknown = await status('A'.repeat(43))
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).error.code).toBe('FARCASTER_CHANNEL_NOT_FOUND')
    const bad = await openChannel({ domain: 'has a space' })
    expect(bad.status).toBe(400)
  })
})

describe('Farcaster login into the embedded wallet', () => {
  it('redeems a completed channel for a session, once, and the same fid is the same user next time', async () => {
    const before = await storedCounts()
    const channel = await createChannel()
    const early = await login(channel.channelToken)
    expect(early.status).toBe(409)
    expect((await early.json()).error.code).toBe('FARCASTER_CHANNEL_PENDING')
    expect((await signAndAuthenticate(channel)).status).toBe(201)

    const first = await login(channel.channelToken)
    expect(first.status, await first.clone().text()).toBe(200)
    const answer = await first.json()
    expect(answer).toEqual({
      session: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
      },
      user: {
        userId: expect.any(String),
        email: null,
        userName: 'portico-dev',
        socialProvider: 'farcaster',
        fid: SEEDED_FID,
      },
      wallet: null,
    })
    expect(Date.parse(answer.session.expiresAt)).toBe(rig.clock.now + 7 * 24 * 3600_000)
    expect(await storedCounts()).toEqual({
      users: before.users + 1,
      identities: before.identities + 1,
      sessions: before.sessions + 1,
    })

    // Single use: the channel is gone once redeemed.
    const replayed = await login(channel.channelToken)
    expect(replayed.status).toBe(401)
    expect((await replayed.json()).error.code).toBe('FARCASTER_CHANNEL_NOT_FOUND')

    // A wallet stored with the session is found again on the next Farcaster sign-in.
    const split = await splitKey()
    const stored = await fetch(
      `${rig.server.url}/v1/embedded-wallet/wallet?projectId=${DEV_PROJECT_ID}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: FRAME_ORIGIN,
          authorization: `Bearer ${answer.session.token}`,
        },
        body: JSON.stringify(walletBody(split)),
      },
    )
    expect(stored.status, await stored.clone().text()).toBe(201)
    // The session is an embedded-wallet session like any other: /me reads the user and wallet.
    const me = await fetch(`${rig.server.url}/v1/embedded-wallet/me?projectId=${DEV_PROJECT_ID}`, {
      headers: { origin: FRAME_ORIGIN, authorization: `Bearer ${answer.session.token}` },
    })
    expect(me.status, await me.clone().text()).toBe(200)
    expect(await me.json()).toMatchObject({
      user: { userId: answer.user.userId },
      wallet: { address: split.address },
    })

    const second = await createChannel()
    expect((await signAndAuthenticate(second, { username: 'renamed' })).status).toBe(201)
    const again = await login(second.channelToken)
    expect(again.status).toBe(200)
    const secondAnswer = await again.json()
    expect(secondAnswer.user).toMatchObject({ userId: answer.user.userId, userName: 'renamed' })
    expect(secondAnswer.wallet).toEqual({ address: split.address })
    expect(secondAnswer.session.token).not.toBe(answer.session.token)
    expect((await storedCounts()).users).toBe(before.users + 1)
  })

  it('refuses a message signed by another key, storing nothing', async () => {
    const before = await storedCounts()
    const channel = await createChannel()
    // Another account signs a message naming the custody address: the signature is not its.
    const message = (await import('../test/farcaster-client')).signInMessage({
      nonce: channel.nonce,
      issuedAt: rig.clock.now,
    })
    const forged = await fetch(`${rig.server.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channel.channelToken}`,
      },
      body: JSON.stringify({
        message,
        signature: await otherAccount.signMessage({ message }),
        fid: SEEDED_FID,
        username: 'mallory',
      }),
    })
    await expectRefused(forged, /signature is not the account/, channel.channelToken)
    // Another account signing for itself: it is not the fid's custody address.
    const own = await signAndAuthenticate(channel, { account: otherAccount })
    await expectRefused(own, /not the custody address of fid 1/, channel.channelToken)
    expect(await storedCounts()).toEqual(before)
    expect((await login(channel.channelToken)).status).toBe(409)
    expect(await storedCounts()).toEqual(before)
  })

  it('refuses an expired channel', async () => {
    const before = await storedCounts()
    const channel = await createChannel()
    rig.clock.now += 5 * 60_000 + 1
    const late = await signAndAuthenticate(channel)
    expect(late.status).toBe(401)
    expect((await late.json()).error.code).toBe('FARCASTER_CHANNEL_NOT_FOUND')
    expect((await status(channel.channelToken)).status).toBe(401)
    expect((await login(channel.channelToken)).status).toBe(401)
    expect(await storedCounts()).toEqual(before)
  })

  it('refuses a replayed nonce: a message for one channel on another, and a second authenticate', async () => {
    const before = await storedCounts()
    const first = await createChannel()
    expect((await signAndAuthenticate(first)).status).toBe(201)
    const again = await signAndAuthenticate(first)
    expect(again.status).toBe(409)
    expect((await again.json()).error.code).toBe('FARCASTER_CHANNEL_COMPLETED')

    const second = await createChannel()
    const replay = await signAndAuthenticate(second, { nonce: first.nonce })
    await expectRefused(replay, /nonce is not the channel/, second.channelToken)
    // A channel asking for the spent nonce is refused too.
    const taken = await openChannel({ nonce: first.nonce })
    expect(taken.status).toBe(409)
    expect(await storedCounts()).toEqual(before)
  })

  it('refuses a wrong fid, resource, statement, chain id, domain or URI', async () => {
    const before = await storedCounts()
    const channel = await createChannel()
    const cases: [Parameters<typeof signAndAuthenticate>[1], RegExp][] = [
      [{ fid: 2 }, /not the custody address of fid 2/],
      [{ resources: ['farcaster://fid/2'] }, /fid resource does not name the fid sent/],
      [{ resources: [] }, /one farcaster:\/\/fid\/ resource/],
      [
        { resources: ['farcaster://fid/1', 'farcaster://fid/2'] },
        /one farcaster:\/\/fid\/ resource/,
      ],
      [{ statement: 'Sign in' }, /statement must be "Farcaster Auth"/],
      [{ chainId: 'eip155:1' }, /chain id must be 10/],
      [{ domain: 'evil.example' }, /domain is not the channel/],
      [{ uri: 'https://evil.example/login' }, /URI is not the channel/],
      [{ issuedAt: rig.clock.now - 10 * 60_000 }, /issued before the channel/],
      [{ issuedAt: rig.clock.now + 10 * 60_000 }, /issued in the future/],
    ]
    for (const [fields, detail] of cases) {
      await expectRefused(await signAndAuthenticate(channel, fields), detail, channel.channelToken)
    }
    expect(await storedCounts()).toEqual(before)
    // The channel is still usable by the right message.
    expect((await signAndAuthenticate(channel)).status).toBe(201)
  })
})

describe('who may redeem a completed channel', () => {
  /** A channel fid 1's custody key signed, made with `body` (a fresh commitment unless given). */
  async function signedChannel(body: Record<string, unknown> = {}) {
    const channel = await createChannel(body)
    expect((await signAndAuthenticate(channel)).status).toBe(201)
    return channel
  }

  async function expectStillRedeemable(token: string) {
    const read = await status(token)
    expect(read.status).toBe(200)
    expect((await read.json()).state).toBe('completed')
  }

  it('refuses whoever holds only the link’s channel token, or a wrong secret, and the frame that made the channel still redeems it, once', async () => {
    const channel = await signedChannel()
    // The link the QR code shows carries the token, never the commitment or the secret.
    expect(channel.url).toContain(channel.channelToken)
    expect(channel.url).not.toContain(secretOf(channel.channelToken))
    const before = await storedCounts()

    const tokenAlone = await login(channel.channelToken, { redeemSecret: null })
    expect(tokenAlone.status).toBe(400)
    expect((await tokenAlone.json()).error.message).toContain('redeemSecret')

    const forged = [redeemSecretPair().secret, channel.channelToken, 'A'.repeat(43)]
    for (const redeemSecret of forged) {
      const refused = await login(channel.channelToken, { redeemSecret })
      expect(refused.status).toBe(403)
      expect((await refused.json()).error).toEqual({
        code: 'FARCASTER_REDEEM_SECRET_INVALID',
        message: 'This sign-in can only be finished in the browser that started it',
      })
    }
    expect(await storedCounts()).toEqual(before)
    await expectStillRedeemable(channel.channelToken)

    const own = await login(channel.channelToken)
    expect(own.status, await own.clone().text()).toBe(200)
    expect((await own.json()).user.fid).toBe(SEEDED_FID)
    expect((await login(channel.channelToken)).status).toBe(401)
  })

  it('refuses a secret whose commitment was seen: the commitment itself, sent as the secret', async () => {
    const { challenge } = redeemSecretPair()
    const channel = await signedChannel({ redeemChallenge: challenge })
    const refused = await login(channel.channelToken, { redeemSecret: challenge })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe('FARCASTER_REDEEM_SECRET_INVALID')
    await expectStillRedeemable(channel.channelToken)
  })

  it('signs in a channel in the public relay’s shape, without a commitment, but opens no wallet with it', async () => {
    const response = await openChannel()
    expect(response.status).toBe(201)
    const channel = await response.json()
    expect((await signAndAuthenticate(channel)).status).toBe(201)
    const before = await storedCounts()
    const refused = await login(channel.channelToken, { redeemSecret: redeemSecretPair().secret })
    expect(refused.status).toBe(403)
    expect((await refused.json()).error).toEqual({
      code: 'FARCASTER_CHANNEL_NOT_BOUND',
      message:
        'This sign-in was not started by the wallet, so it cannot open one: start again from the site',
    })
    expect(await storedCounts()).toEqual(before)
    await expectStillRedeemable(channel.channelToken)
  })

  it('keeps the commitment out of the link and the status', async () => {
    const { challenge } = redeemSecretPair()
    const channel = await signedChannel({ redeemChallenge: challenge })
    expect(channel.url).not.toContain(challenge)
    expect(JSON.stringify(await (await status(channel.channelToken)).json())).not.toContain(
      challenge,
    )
  })
})
