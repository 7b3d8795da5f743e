// The wallet's Farcaster client against the real server and a seeded devnet: the link a channel
// gives is read, the message signed with fid 1's custody key is accepted by the relay, and a
// key that holds no fid is refused.
import { DEV_ACCOUNTS, SEEDED_FIDS } from '@portico/devnet'
import { SIGN_IN_DOMAIN, SIGN_IN_URI, withFarcasterRig } from '@portico/server/testing/vitest'
import { describe, expect, it } from 'vitest'
import {
  approveSignIn,
  DEVNET_FID,
  FarcasterLinkError,
  farcasterRelayUrl,
  parseSignInLink,
  readFarcasterIdentity,
} from './farcaster-client'

const farcaster = withFarcasterRig()
const { relay } = farcaster

describe('the wallet as a Farcaster client', () => {
  it('holds the devnet’s seeded fid with its custody key', () => {
    const seeded = SEEDED_FIDS[0]
    expect(seeded).toBeDefined()
    expect(DEVNET_FID).toEqual({
      fid: Number(seeded?.fid),
      custodyAccount: seeded?.custody,
      username: seeded?.username,
    })
    const identity = readFarcasterIdentity('')
    expect(identity.fid).toBe(1)
    expect(identity.custody.address).toBe(DEV_ACCOUNTS[2].address)
    expect(readFarcasterIdentity('?fid=7&fidAccount=4&username=other')).toMatchObject({
      fid: 7,
      username: 'other',
      custody: { address: DEV_ACCOUNTS[4].address },
    })
    expect(() => readFarcasterIdentity('?fidAccount=99')).toThrow(FarcasterLinkError)
  })

  it('reads a channel’s link and signs in: the relay reads the channel completed for fid 1', async () => {
    const channel = await relay.createChannel()
    const request = parseSignInLink(channel.url)
    expect(request).toEqual({
      channelToken: channel.channelToken,
      domain: SIGN_IN_DOMAIN,
      siweUri: SIGN_IN_URI,
      nonce: channel.nonce,
    })
    await approveSignIn(
      { identity: readFarcasterIdentity(''), relayUrl: farcaster.rig.server.url },
      request,
      { now: new Date(farcaster.rig.clock.now) },
    )
    const status = await relay.status(channel.channelToken)
    expect(status.status).toBe(200)
    expect(await status.json()).toMatchObject({
      state: 'completed',
      fid: 1,
      username: 'portico-dev',
      custody: DEV_ACCOUNTS[2].address,
    })
  })

  it('carries the channel’s times and request id into the message', async () => {
    const expirationTime = new Date(farcaster.rig.clock.now + 60_000).toISOString()
    const channel = await relay.createChannel({ expirationTime, requestId: 'req-42' })
    const request = parseSignInLink(channel.url)
    expect(request).toMatchObject({ expirationTime, requestId: 'req-42' })
    await approveSignIn(
      { identity: readFarcasterIdentity(''), relayUrl: farcaster.rig.server.url },
      request,
      { now: new Date(farcaster.rig.clock.now) },
    )
    expect((await relay.status(channel.channelToken)).status).toBe(200)
  })

  it('shows the relay’s refusal when the key is not the fid’s custody, and the channel stays pending', async () => {
    const channel = await relay.createChannel()
    await expect(
      approveSignIn(
        { identity: readFarcasterIdentity('?fidAccount=3'), relayUrl: farcaster.rig.server.url },
        parseSignInLink(channel.url),
        { now: new Date(farcaster.rig.clock.now) },
      ),
    ).rejects.toThrow('the account is not the custody address of fid 1')
    expect((await relay.status(channel.channelToken)).status).toBe(202)
  })

  it('refuses links that are not a channel’s', () => {
    const token = 'C'.repeat(43)
    const good = `https://farcaster.xyz/~/siwf?channelToken=${token}&nonce=abcdefgh12345678&domain=localhost:5173&siweUri=http%3A%2F%2Flocalhost%3A5173`
    expect(parseSignInLink(good).domain).toBe('localhost:5173')
    expect(() => parseSignInLink('not a link')).toThrow('This is not a sign-in link')
    expect(() => parseSignInLink(good.replace(token, 'short'))).toThrow('The link has no channel')
    expect(() => parseSignInLink(good.replace('abcdefgh12345678', 'a b'))).toThrow(
      'The link has no valid nonce',
    )
    expect(() => parseSignInLink(good.replace('localhost:5173&', 'evil/path&'))).toThrow(
      'The link has no valid domain',
    )
    expect(() => parseSignInLink(`${good}&expirationTime=tomorrow`)).toThrow(
      'Expiration Time is not a date-time',
    )
  })

  it('finds the relay from the build, the query, or the WalletConnect relay’s host', () => {
    expect(farcasterRelayUrl({}, '', 'ws://localhost:8787/relay')).toBe('http://localhost:8787')
    expect(farcasterRelayUrl({}, '', 'wss://api.example.com/relay')).toBe('https://api.example.com')
    expect(
      farcasterRelayUrl({ VITE_PORTICO_API_URL: 'http://127.0.0.1:9/' }, '', 'ws://x/relay'),
    ).toBe('http://127.0.0.1:9')
    expect(farcasterRelayUrl({}, '?apiUrl=http://127.0.0.1:7', 'ws://x/relay')).toBe(
      'http://127.0.0.1:7',
    )
  })
})
