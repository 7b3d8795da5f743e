// With Redis as the cache (REDIS_URL), reads and deletes of a channel are real round trips, so
// racing redemptions of one completed channel interleave: exactly one gets a session.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FarcasterRig, farcasterClient, startFarcasterRig } from '../test/farcaster-client'

let rig: FarcasterRig
const { createChannel, signAndAuthenticate, login } = farcasterClient(() => rig)

beforeAll(async () => {
  rig = await startFarcasterRig()
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

it('gives one session when racing requests redeem the same completed channel', async () => {
  const sessions = async () =>
    (
      await rig.server.app.portico.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM embedded_wallet_sessions',
      )
    ).rows[0]?.n
  const before = await sessions()
  const channel = await createChannel()
  expect((await signAndAuthenticate(channel)).status).toBe(201)
  const answers = await Promise.all(Array.from({ length: 8 }, () => login(channel.channelToken)))
  expect(answers.map(({ status }) => status).sort()).toEqual([
    200, 401, 401, 401, 401, 401, 401, 401,
  ])
  expect(await sessions()).toBe((before ?? 0) + 1)
})
