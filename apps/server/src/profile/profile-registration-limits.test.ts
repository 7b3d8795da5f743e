// Name registration's rate limits through the real server: one client (IPv4 address or IPv6
// /64) tries only so many registrations in a window, one account address is tried only so many
// times by every client together, a refusal is 429 with Retry-After and stores nothing, and other
// clients and addresses are still served. Requests come from chosen client addresses (injected:
// this machine's loopback cannot source them).
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { inZone, profileTestClient, storedNames, useProfileRig } from '../test/profile-client'
import { DEFAULT_NAME_REGISTRATION_LIMITS } from './profile-constants'

const WINDOW_MS = 10 * 60_000
const PER_IP = 3
const PER_ADDRESS = 4

const rig = useProfileRig({
  // Anvil answers for the address a forged signature names: no code there, so no contract account.
  anvil: true,
  limits: {
    perIp: { limit: PER_IP, windowMs: WINDOW_MS },
    perAddress: { limit: PER_ADDRESS, windowMs: WINDOW_MS },
  },
})
const { signed } = profileTestClient(rig)
const stored = storedNames(rig)

/** Moves the server's clock to the start of the next window: every count starts afresh. */
function nextWindow(): void {
  const clock = rig().clock
  clock.now = (Math.floor(clock.now / WINDOW_MS) + 1) * WINDOW_MS
}

interface Answer {
  status: number
  retryAfter: string | undefined
  error?: { code: string; message: string }
}

async function postFrom(from: string, body: unknown): Promise<Answer> {
  const answer = await rig().server.app.inject({
    method: 'POST',
    url: `/v1/profile/account?projectId=${DEV_PROJECT_ID}`,
    payload: body as Record<string, unknown>,
    remoteAddress: from,
  })
  const retryAfter = answer.headers['retry-after']
  return {
    status: answer.statusCode,
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
    ...(answer.json() as { error?: Answer['error'] }),
  }
}

/** A fresh key registering `label` in our zone, signed by itself. */
const freshRegistration = (label: string) =>
  signed(privateKeyToAccount(generatePrivateKey()), { name: inZone(label) })

/** A fresh owner, and a registration of `label` naming its address but signed by a stranger. */
async function forgedForSomeone(label: string) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  const forged = await signed(stranger, { name: inZone(label) }, { address: owner.address })
  return { owner, forged }
}

/** The answer is the rate limit's refusal, and the names table is as it was before it. */
async function expectRefused(answer: Promise<Answer>): Promise<void> {
  const before = await stored.read()
  const { status, retryAfter, error } = await answer
  expect({ status, code: error?.code }).toEqual({ status: 429, code: 'RATE_LIMITED' })
  expect(error?.message).toMatch(/^Too many name registrations; try again in \d+ seconds$/)
  expect(Number(retryAfter)).toBeGreaterThan(0)
  expect(await stored.read()).toBe(before)
}

describe('name registration limits', () => {
  it('has limits by default, the address one above the client one', () => {
    expect(loadConfig({}).nameRegistrationLimits).toEqual(DEFAULT_NAME_REGISTRATION_LIMITS)
    expect(DEFAULT_NAME_REGISTRATION_LIMITS.perAddress.limit).toBeGreaterThan(
      DEFAULT_NAME_REGISTRATION_LIMITS.perIp.limit,
    )
  })

  it('refuses a client past its registrations, storing nothing, and serves another client', async () => {
    nextWindow()
    for (let n = 1; n <= PER_IP; n++) {
      expect((await postFrom('198.51.100.7', await freshRegistration(`squat-${n}`))).status).toBe(
        200,
      )
    }
    const onceMore = await freshRegistration('squat-more')
    await expectRefused(postFrom('198.51.100.7', onceMore))
    // Every address of a client's IPv6 /64 is the same client; the next /64 is another one.
    for (let n = 1; n <= PER_IP; n++) {
      const from = `2001:db8:7:7::${n}`
      expect((await postFrom(from, await freshRegistration(`v6-${n}`))).status).toBe(200)
    }
    await expectRefused(postFrom('2001:db8:7:7:ffff::1', await freshRegistration('v6-more')))

    expect((await postFrom('198.51.100.8', onceMore)).status).toBe(200)
    expect((await postFrom('2001:db8:7:8::1', await freshRegistration('v6-next'))).status).toBe(200)
  })

  it('lets no one client use up the tries of someone else’s address', async () => {
    nextWindow()
    const { owner, forged } = await forgedForSomeone('owners')
    for (let n = 1; n <= PER_IP; n++) {
      expect((await postFrom('203.0.113.66', forged)).status).toBe(401)
    }
    await expectRefused(postFrom('203.0.113.66', forged))

    const own = await signed(owner, { name: inZone('owners') })
    expect((await postFrom('203.0.113.1', own)).status).toBe(200)
  })

  it('refuses an address tried from many clients, storing nothing, and serves another address', async () => {
    nextWindow()
    const { owner, forged } = await forgedForSomeone('victim')
    for (let n = 1; n <= PER_ADDRESS; n++) {
      expect((await postFrom(`192.0.2.${n}`, forged)).status).toBe(401)
    }
    // The owner's own, rightly signed, from a client with tries left.
    await expectRefused(postFrom('192.0.2.200', await signed(owner, { name: inZone('victim') })))
    expect((await postFrom('192.0.2.200', await freshRegistration('bystander'))).status).toBe(200)

    // The next window starts afresh (the message signed again: the old one has expired).
    nextWindow()
    const again = await signed(owner, { name: inZone('victim') })
    expect((await postFrom('192.0.2.200', again)).status).toBe(200)
  })
})
