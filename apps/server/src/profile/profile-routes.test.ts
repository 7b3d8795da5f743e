// The names API against the real server, a fresh database and anvil: a registration by an EOA
// read back through every route (and identity), the name rule and its message, suggestions,
// and each refusal leaving the table as it was.
import type { NameSuggestions, ProfileAccount } from '@portico/protocol/profile'
import {
  NAME_MESSAGE_MAX_AGE_S,
  NAME_MESSAGE_MAX_AHEAD_S,
  NAME_RULE_MESSAGE,
} from '@portico/protocol/profile-name'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { inZone, profileTestClient, storedNames, useProfileRig } from '../test/profile-client'

// Anvil answers for addresses a wrong signature names: no code there, so no contract account.
const rig = useProfileRig({ anvil: true })
const { get, post, register, signed } = profileTestClient(rig)
const stored = storedNames(rig)

interface ErrorBody {
  error: { code: string; message: string }
}

/** `response` is the refusal `status` with `message`, and nothing was stored by it. */
async function refused(
  response: Promise<Response>,
  status: number,
  message: string,
): Promise<void> {
  const before = await stored.read()
  const answer = await response
  const body = (await answer.json()) as ErrorBody
  expect({ status: answer.status, message: body.error.message }).toEqual({ status, message })
  expect(await stored.read()).toBe(before)
}

describe('registering a name with an EOA', () => {
  const alice = privateKeyToAccount(generatePrivateKey())

  it('registers, and every route answers the name', async () => {
    const before = await get(`/v1/identity/${alice.address}`)
    expect(await before.json()).toEqual({ name: null, avatar: null })

    const avatar = 'https://example.com/alice.png'
    const response = await register(alice, { name: 'Alice-01.portico.id', attributes: { avatar } })
    expect(response.status).toBe(200)
    const account = (await response.json()) as ProfileAccount
    expect(account).toEqual({
      name: inZone('alice-01'),
      registered_at: expect.any(String),
      updated_at: expect.any(String),
      addresses: {
        '2147483649': { address: alice.address, created: account.registered_at },
        '60': { address: alice.address, created: account.registered_at },
      },
      attributes: { avatar },
    })

    const lookup = await get(`/v1/profile/account/${inZone('alice-01')}`, { apiVersion: '2' })
    expect(lookup.status).toBe(200)
    expect(await lookup.json()).toEqual(account)
    expect(lookup.headers.get('cache-control')).toBe('public, max-age=300')

    const reverse = await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`, {
      sender: alice.address,
      apiVersion: '2',
    })
    expect(await reverse.json()).toEqual([account])

    // The nameless identity kept before the registration was dropped by it.
    const identity = await get(`/v1/identity/${alice.address}`)
    expect(await identity.json()).toEqual({ name: inZone('alice-01'), avatar })
  })

  it('looks names up case-insensitively and answers 404 for a name nobody has', async () => {
    const upper = await get(`/v1/profile/account/${inZone('ALICE-01')}`)
    expect(upper.status).toBe(200)
    const missing = await get(`/v1/profile/account/${inZone('nobody')}`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as ErrorBody).error.message).toBe(
      `Name ${inZone('nobody')} is not registered`,
    )
    const elsewhere = await get('/v1/profile/account/vitalik.eth')
    expect(elsewhere.status).toBe(404)
  })

  it('answers no names for an address without one', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey())
    const reverse = await get(`/v1/profile/reverse/${stranger.address}`)
    expect(reverse.status).toBe(200)
    expect(await reverse.json()).toEqual([])
  })

  it('suggests the typed name marked as taken, and free variants in our zone', async () => {
    const response = await get('/v1/profile/suggestions/alice-01', { zone: 'portico.id' })
    expect(response.status).toBe(200)
    const { suggestions } = (await response.json()) as NameSuggestions
    expect(suggestions[0]).toEqual({ name: inZone('alice-01'), registered: true })
    expect(suggestions).toHaveLength(5)
    for (const suggestion of suggestions.slice(1)) {
      expect(suggestion.registered).toBe(false)
      expect(suggestion.name.endsWith('.portico.id')).toBe(true)
    }
    const whole = await get(`/v1/profile/suggestions/${inZone('free-name')}`)
    const free = (await whole.json()) as NameSuggestions
    expect(free.suggestions[0]).toEqual({ name: inZone('free-name'), registered: false })
  })

  it('refuses suggestions for a name breaking the rule or another zone', async () => {
    const short = await get('/v1/profile/suggestions/abc')
    expect(short.status).toBe(400)
    expect(((await short.json()) as ErrorBody).error.message).toBe(NAME_RULE_MESSAGE)
    const zone = await get('/v1/profile/suggestions/alice', { zone: 'reown.id' })
    expect(zone.status).toBe(400)
  })
})

describe('the name rule', () => {
  const bob = privateKeyToAccount(generatePrivateKey())

  it.each([
    ['3 characters', 'bob'],
    ['an underscore', 'bob_smith'],
    ['a space', 'bob smith'],
    ['a dot in the label', 'bob.smith'],
    ['a non-ASCII letter', 'bøbby'],
    ['64 characters', 'b'.repeat(64)],
  ])('refuses a name with %s, in the rule’s words', async (_what, label) => {
    await refused(register(bob, { name: inZone(label) }), 400, NAME_RULE_MESSAGE)
  })

  it('refuses a name outside our zone', async () => {
    await refused(
      register(bob, { name: 'bobby.reown.id' }),
      400,
      'Names are registered in the portico.id zone, e.g. alice.portico.id',
    )
  })

  it('takes 4 characters, a hyphen and digits', async () => {
    expect((await register(bob, { name: inZone('b-42') })).status).toBe(200)
  })
})

describe('attacks on registration', () => {
  const carol = privateKeyToAccount(generatePrivateKey())
  const mallory = privateKeyToAccount(generatePrivateKey())

  it("refuses mallory's signature registering a name to carol's address", async () => {
    await refused(
      register(mallory, { name: inZone('carol-s') }, { address: carol.address }),
      401,
      'The signature does not match the address',
    )
  })

  it("refuses carol's signature moved onto another message", async () => {
    const good = await signed(carol, { name: inZone('carol-one') })
    const other = await signed(carol, { name: inZone('carol-two') })
    await refused(
      post({ ...other, signature: good.signature }),
      401,
      'The signature does not match the address',
    )
  })

  it('refuses a signed message replayed after the window, and one dated ahead', async () => {
    const late = await signed(carol, { name: inZone('carol-late') })
    const { clock } = rig()
    clock.now += (NAME_MESSAGE_MAX_AGE_S + 1) * 1000
    try {
      await refused(post(late), 400, 'The registration message has expired: sign a new one')
    } finally {
      clock.now -= (NAME_MESSAGE_MAX_AGE_S + 1) * 1000
    }
    const ahead = Math.floor(clock.now / 1000) + NAME_MESSAGE_MAX_AHEAD_S + 5
    await refused(
      register(carol, { name: inZone('carol-ahead'), timestamp: ahead }),
      400,
      'The registration message has expired: sign a new one',
    )
  })

  it('refuses a name another address holds, and a second name for one address', async () => {
    expect((await register(carol, { name: inZone('carol') })).status).toBe(200)
    await refused(
      register(mallory, { name: inZone('carol') }),
      409,
      `Name ${inZone('carol')} is already registered`,
    )
    await refused(
      register(carol, { name: inZone('carol-again') }),
      409,
      'This address already has a name',
    )
    // A replay of carol's own accepted registration inside the window changes nothing either.
    const lookup = await get(`/v1/profile/account/${inZone('carol')}`)
    const { addresses } = (await lookup.json()) as ProfileAccount
    expect(addresses['60']?.address).toBe(carol.address)
  })

  it('refuses a coin type of a chain we do not serve, and unknown attributes', async () => {
    await refused(
      register(mallory, { name: inZone('mallory') }, { chainId: 10 }),
      400,
      `Unsupported coin type ${(0x80000000 | 10) >>> 0}`,
    )
    await refused(
      register(mallory, { name: inZone('mallory'), attributes: { email: 'm@example.com' } }),
      400,
      'Invalid registration message: unsupported attribute "email"',
    )
    await refused(
      register(mallory, { name: inZone('mallory'), attributes: { avatar: 'javascript:x' } }),
      400,
      'Invalid registration message: attribute avatar must be an https URL',
    )
  })
})
