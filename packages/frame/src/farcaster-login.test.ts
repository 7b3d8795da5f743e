// @vitest-environment node
// (Node's own fetch: the server and the devnet run in this process.)
// CONNECT_FARCASTER against the real server and a seeded devnet: a channel the custody key of
// fid 1 signed is redeemed by the frame for a session, the key is made, GET_USER names the
// Farcaster user; another browser with a new channel gets the same address back; a channel not
// signed yet is refused and logs nothing in.
import { DEV_PROJECT_ID } from '@portico/server'
import { withFarcasterRig } from '@portico/server/testing/vitest'
import { describe, expect, it } from 'vitest'
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

/** A channel fid 1's custody key has signed. */
async function signedChannel(): Promise<string> {
  const channel = await relay.createChannel()
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
      await first.request('CONNECT_FARCASTER', { channelToken: await signedChannel() }),
    ).toEqual({})
    const user = await first.request<User>('GET_USER', {})
    expect(user).toMatchObject({ email: '', userName: 'portico-dev', socialProvider: 'farcaster' })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(first.memory.get(FRAME_STORAGE_KEYS.deviceShare)).toContain(user.address)

    const second = loadFrame()
    await second.request('CONNECT_FARCASTER', { channelToken: await signedChannel() })
    expect((await second.request<User>('GET_USER', {})).address).toBe(user.address)
  })

  it('refuses a channel nobody signed, and a channel already redeemed, staying logged out', async () => {
    const frame = loadFrame()
    const pending = await relay.createChannel()
    await expect(
      frame.request('CONNECT_FARCASTER', { channelToken: pending.channelToken }),
    ).rejects.toThrow('This channel has not been authenticated yet')
    const token = await signedChannel()
    await loadFrame().request('CONNECT_FARCASTER', { channelToken: token })
    await expect(frame.request('CONNECT_FARCASTER', { channelToken: token })).rejects.toThrow(
      'Unknown or expired channel: start a new sign-in',
    )
    expect(await frame.request('IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect(frame.memory.has(FRAME_STORAGE_KEYS.session)).toBe(false)
  })
})
