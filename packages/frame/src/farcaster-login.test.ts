// @vitest-environment node
// (Node's own fetch: the server and the devnet run in this process.)
// CONNECT_FARCASTER against the real server and a seeded devnet: the frame begins (a redeem
// secret it keeps, its commitment to the page), the page makes the channel with it, the custody
// key of fid 1 signs, and the frame redeems the channel for a session, the key is made, GET_USER
// names the Farcaster user; another browser with a new channel gets the same address back; a
// channel not signed yet is refused and logs nothing in; another browser's frame that learned
// the channel token (it is in the QR code's link) cannot redeem it.
import { DEV_PROJECT_ID } from '@portico/server'
import { withFarcasterRig } from '@portico/server/testing/vitest'
import { describe, expect, it } from 'vitest'
import { FARCASTER_NOT_STARTED_MESSAGE } from './farcaster-login'
import { FRAME_STORAGE_KEYS } from './frame-storage'
import { loadTestFrame } from './test/test-frame'

const farcaster = withFarcasterRig()
const { relay } = farcaster

/** A frame page in a browser whose storage is `memory`. */
function loadFrame(memory = new Map<string, string>()) {
  // Nothing here draws: no request below asks for approval.
  const root = {} as HTMLElement
  return loadTestFrame({
    projectId: DEV_PROJECT_ID,
    apiUrl: farcaster.rig.server.url,
    memory,
    root,
  })
}

type TestFrame = ReturnType<typeof loadFrame>

/** A channel the page made with `frame`'s commitment, as the modal does (not signed yet). */
async function begunChannel(frame: TestFrame) {
  const { redeemChallenge } = await frame.request<{ redeemChallenge: string }>(
    'CONNECT_FARCASTER',
    {},
  )
  return relay.createChannel({ redeemChallenge })
}

/** A channel begun by `frame` that fid 1's custody key has signed. */
async function signedChannel(frame: TestFrame): Promise<string> {
  const channel = await begunChannel(frame)
  expect((await relay.signAndAuthenticate(channel)).status).toBe(201)
  return channel.channelToken
}

interface User {
  email: string
  address: string
  userName?: string
  socialProvider?: string
}

describe('CONNECT_FARCASTER', () => {
  it('logs in with a signed channel, makes the key, and the same fid gets the same address in another browser', async () => {
    const first = loadFrame()
    expect(
      await first.request('CONNECT_FARCASTER', { channelToken: await signedChannel(first) }),
    ).toEqual({})
    const user = await first.request<User>('GET_USER', {})
    expect(user).toMatchObject({ email: '', userName: 'portico-dev', socialProvider: 'farcaster' })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(first.memory.get(FRAME_STORAGE_KEYS.deviceShare)).toContain(user.address)

    const second = loadFrame()
    await second.request('CONNECT_FARCASTER', { channelToken: await signedChannel(second) })
    expect((await second.request<User>('GET_USER', {})).address).toBe(user.address)
  })

  it('refuses a channel nobody signed, and a channel already redeemed, staying logged out', async () => {
    const frame = loadFrame()
    const pending = await begunChannel(frame)
    await expect(
      frame.request('CONNECT_FARCASTER', { channelToken: pending.channelToken }),
    ).rejects.toThrow('This channel has not been authenticated yet')
    const other = loadFrame()
    const token = await signedChannel(other)
    await other.request('CONNECT_FARCASTER', { channelToken: token })
    await expect(frame.request('CONNECT_FARCASTER', { channelToken: token })).rejects.toThrow(
      'Unknown or expired channel: start a new sign-in',
    )
    expect(await frame.request('IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect(frame.memory.has(FRAME_STORAGE_KEYS.session)).toBe(false)
  })

  it('does not redeem for another browser’s frame that learned the channel token, and the frame that began it still does', async () => {
    const visitor = loadFrame()
    const token = await signedChannel(visitor)
    // A frame that never began a sign-in has no secret to present.
    const stranger = loadFrame()
    await expect(stranger.request('CONNECT_FARCASTER', { channelToken: token })).rejects.toThrow(
      FARCASTER_NOT_STARTED_MESSAGE,
    )
    // One that began its own presents its own secret, which is not this channel's.
    await begunChannel(stranger)
    await expect(stranger.request('CONNECT_FARCASTER', { channelToken: token })).rejects.toThrow(
      'This sign-in can only be finished in the browser that started it',
    )
    expect(await stranger.request('IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect(stranger.memory.has(FRAME_STORAGE_KEYS.session)).toBe(false)

    expect(await visitor.request('CONNECT_FARCASTER', { channelToken: token })).toEqual({})
    expect(await visitor.request('IS_CONNECTED', {})).toEqual({ isConnected: true })
  })
})
