// Property test of the Farcaster routes: whatever a caller sends that is not a valid request (a
// field dropped, added, of another type or shape; a body that is no object; any Authorization
// header but the channel's), the answer is a 4xx in the error shape, never a 5xx, the channel
// stays pending and no row of the embedded wallet's user, identity or session tables changes.
import {
  FARCASTER_CHANNEL_TOKEN_PATTERN,
  FARCASTER_DOMAIN_PATTERN,
  FARCASTER_SIGNATURE_PATTERN,
} from '@portico/protocol/farcaster-auth'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  custodyAccount,
  type FarcasterRig,
  farcasterClient,
  SIGN_IN_DOMAIN,
  SIGN_IN_URI,
  signInMessage,
  startFarcasterRig,
} from '../test/farcaster-client'

let rig: FarcasterRig
const { createChannel, status } = farcasterClient(() => rig)
let channelToken: string
let nonce: string

const RUNS = { numRuns: 50 }
const TABLES = ['embedded_wallet_users', 'embedded_wallet_identities', 'embedded_wallet_sessions']

beforeAll(async () => {
  rig = await startFarcasterRig()
  const channel = await createChannel()
  channelToken = channel.channelToken
  nonce = channel.nonce
}, 180_000)
afterAll(async () => {
  await rig?.stop()
})

async function snapshot(): Promise<string> {
  const tables = await Promise.all(
    TABLES.map(async (table) => {
      const { rows } = await rig.server.app.portico.db.query(`SELECT * FROM ${table}`)
      return rows.map((row) => JSON.stringify(row)).sort()
    }),
  )
  return JSON.stringify(tables)
}

type Field = readonly [name: string, valid: () => unknown, pattern?: string]

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
  fields: Field[]
  headers: () => Record<string, string>
}[] = [
  {
    name: 'POST /v1/channel',
    path: '/v1/channel',
    fields: [
      ['domain', () => SIGN_IN_DOMAIN, FARCASTER_DOMAIN_PATTERN],
      ['siweUri', () => SIGN_IN_URI],
    ],
    headers: () => ({}),
  },
  {
    name: 'POST /v1/channel/authenticate',
    path: '/v1/channel/authenticate',
    fields: [
      ['message', () => 'm'],
      ['signature', () => `0x${'1'.repeat(130)}`, FARCASTER_SIGNATURE_PATTERN],
      ['fid', () => 1],
      ['username', () => 'a'],
    ],
    headers: () => ({ authorization: `Bearer ${channelToken}` }),
  },
  {
    name: 'POST /v1/embedded-wallet/farcaster/login',
    path: `/v1/embedded-wallet/farcaster/login?projectId=${DEV_PROJECT_ID}`,
    fields: [['channelToken', () => channelToken, FARCASTER_CHANNEL_TOKEN_PATTERN]],
    headers: () => ({ origin: 'http://127.0.0.1:5173' }),
  },
]

const notString = fc.jsonValue().filter((value) => typeof value !== 'string')

function breakBody(fields: Field[]): fc.Arbitrary<(body: Record<string, unknown>) => void> {
  const names = fields.map(([name]) => name)
  const patterned = fields.filter((field): field is Required<Field> => field[2] !== undefined)
  return fc.oneof(
    fc.constantFrom(...names).map((name) => (body: Record<string, unknown>) => {
      delete body[name]
    }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
      .filter(([key]) => !names.includes(key) && key !== '__proto__' && !OPTIONAL.has(key))
      .map(([key, value]) => (body: Record<string, unknown>) => {
        body[key] = value
      }),
    fc
      .tuple(fc.constantFrom(...names), notString)
      .filter(([name, value]) => !(name === 'fid' && Number.isInteger(value) && Number(value) >= 1))
      .map(([name, value]) => (body: Record<string, unknown>) => {
        body[name] = value
      }),
    fc.constantFrom(...patterned).chain(([name, , pattern]) =>
      fc
        .oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }))
        .filter((value) => !new RegExp(pattern).test(value))
        .map((value) => (body: Record<string, unknown>) => {
          body[name] = value
        }),
    ),
  )
}

/** Optional fields of the bodies: adding one of them can make a valid body. */
const OPTIONAL = new Set([
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
])

async function expectCleanRefusal(response: Response, what: string, before: string) {
  const text = await response.text()
  expect(
    response.status,
    `${what} -> ${response.status} ${text.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what} -> ${text.slice(0, 300)}`).toBeLessThan(500)
  const answer = JSON.parse(text) as { error: { code: string; message: string } }
  expect(answer.error.code).toEqual(expect.any(String))
  expect(answer.error.message).toEqual(expect.any(String))
  expect(await snapshot(), what).toBe(before)
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
    const before = await snapshot()
    await fc.assert(
      fc.asyncProperty(
        fc.array(breakBody(route.fields), { minLength: 1, maxLength: 3 }),
        async (changes) => {
          const body: Record<string, unknown> =
            route.path === '/v1/channel/authenticate'
              ? await validAuthenticate()
              : Object.fromEntries(route.fields.map(([name, valid]) => [name, valid()]))
          for (const change of changes) change(body)
          const what = `${route.name} ${JSON.stringify(body).slice(0, 200)}`
          await expectCleanRefusal(
            await send(route.path, JSON.stringify(body), route.headers()),
            what,
            before,
          )
        },
      ),
      RUNS,
    )
  })

  it.each(ROUTES)('$name: a body that is no object is a 4xx', async (route) => {
    const before = await snapshot()
    const notAnObject = fc.oneof(
      notString
        .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
        .map((value) => JSON.stringify(value)),
      fc.string({ unit: 'binary', maxLength: 200 }).filter((text) => {
        try {
          const parsed: unknown = JSON.parse(text)
          return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)
        } catch {
          return true
        }
      }),
    )
    await fc.assert(
      fc.asyncProperty(notAnObject, async (raw) => {
        await expectCleanRefusal(await send(route.path, raw, route.headers()), raw, before)
      }),
      RUNS,
    )
  })

  it('any Authorization header but the channel’s own is refused by authenticate and status', async () => {
    const before = await snapshot()
    const body = JSON.stringify(await validAuthenticate())
    const printable = fc.string({ maxLength: 120 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''))
    const header = fc
      .oneof(
        printable,
        printable.map((text) => `Bearer ${text}`),
        fc.constant(`Bearer ${channelToken} `),
        fc.constant(`bearer ${channelToken}`),
        fc.constant(`Bearer ${channelToken.toUpperCase()}`),
      )
      .filter((value) => value.trim() !== `Bearer ${channelToken}`)
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
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
