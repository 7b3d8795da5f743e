// Property test of the embedded wallet's routes: whatever a caller sends that is not a valid
// request (a field dropped, added, of another type or shape; a body that is no object; any
// Authorization header), the answer is a 4xx in the error shape, never a 5xx, no mail goes
// out and no row of any embedded wallet table changes. Sent with a live session and a stored
// wallet, so the routes behind the session check are reached too.
import { randomBytes } from 'node:crypto'
import {
  EMAIL_PATTERN,
  KEY_SHARE_PATTERN,
  OTP_PATTERN,
} from '@portico/protocol/embedded-wallet-api'
import { EVM_ADDRESS_PATTERN } from '@portico/protocol/evm-address'
import fc from 'fast-check'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  embeddedClient,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

let rig: EmbeddedWalletRig
const { call, login } = embeddedClient(() => rig)
let token: string

const RUNS = { numRuns: 60 }
const TABLES = [
  'embedded_wallet_users',
  'embedded_wallet_codes',
  'embedded_wallet_mail_cooldowns',
  'embedded_wallet_sessions',
  'embedded_wallets',
  'embedded_wallet_email_updates',
]

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
  token = (await login()).session.token
  const stored = await call('/wallet', {
    body: {
      address: privateKeyToAccount(generatePrivateKey()).address,
      authShare: `0x${randomBytes(33).toString('hex')}`,
      recoveryShare: `0x${randomBytes(33).toString('hex')}`,
    },
    token,
  })
  expect(stored.status).toBe(201)
})
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
  return JSON.stringify({ tables, mails: rig.catcher.count() })
}

type Field = readonly [name: string, pattern: string]
const EMAIL: Field = ['email', EMAIL_PATTERN]
const OTP: Field = ['otp', OTP_PATTERN]
const SHARES: Field[] = [
  ['address', EVM_ADDRESS_PATTERN],
  ['authShare', KEY_SHARE_PATTERN],
  ['recoveryShare', KEY_SHARE_PATTERN],
]

/** Each route with a body, the fields of a valid one and its method. */
const ROUTES: { path: string; method: string; fields: Field[] }[] = [
  { path: '/email/otp', method: 'POST', fields: [EMAIL] },
  { path: '/email/verify', method: 'POST', fields: [EMAIL, OTP] },
  { path: '/wallet', method: 'POST', fields: SHARES },
  { path: '/wallet', method: 'PUT', fields: SHARES },
  { path: '/email/update', method: 'POST', fields: [['newEmail', EMAIL_PATTERN]] },
  { path: '/email/update/primary', method: 'POST', fields: [OTP] },
  { path: '/email/update/secondary', method: 'POST', fields: [OTP] },
  { path: '/export/verify', method: 'POST', fields: [OTP] },
]

const validValue: Record<string, () => string> = {
  email: () => newEmail('fuzz'),
  newEmail: () => newEmail('fuzz'),
  otp: () => '123456',
  address: () => privateKeyToAccount(generatePrivateKey()).address,
  authShare: () => `0x${randomBytes(33).toString('hex')}`,
  recoveryShare: () => `0x${randomBytes(33).toString('hex')}`,
}

const notString = fc.jsonValue().filter((value) => typeof value !== 'string')

/** A change that makes a valid body of `fields` invalid, whatever the random values. */
function breakBody(fields: Field[]): fc.Arbitrary<(body: Record<string, unknown>) => void> {
  const names = fields.map(([name]) => name)
  return fc.oneof(
    fc.constantFrom(...names).map((name) => (body: Record<string, unknown>) => {
      delete body[name]
    }),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue())
      .filter(([key]) => !names.includes(key) && key !== '__proto__')
      .map(([key, value]) => (body: Record<string, unknown>) => {
        body[key] = value
      }),
    fc
      .tuple(fc.constantFrom(...names), notString)
      .map(([name, value]) => (body: Record<string, unknown>) => {
        body[name] = value
      }),
    fc.constantFrom(...fields).chain(([name, pattern]) =>
      fc
        .oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }))
        .filter((value) => !new RegExp(pattern).test(value))
        .map((value) => (body: Record<string, unknown>) => {
          body[name] = value
        }),
    ),
  )
}

/** Any body that is not a JSON object: other JSON values, and text that is no JSON at all. */
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
}

describe('embedded wallet routes under malformed input', () => {
  it.each(ROUTES)('$method $path: a broken body is a 4xx that changes nothing', async (route) => {
    const before = await snapshot()
    await fc.assert(
      fc.asyncProperty(
        fc.array(breakBody(route.fields), { minLength: 1, maxLength: 3 }),
        async (changes) => {
          const body: Record<string, unknown> = Object.fromEntries(
            route.fields.map(([name]) => [name, validValue[name]?.()]),
          )
          for (const change of changes) change(body)
          const what = `${route.method} ${route.path} ${JSON.stringify(body).slice(0, 200)}`
          const response = await call(route.path, { method: route.method, body, token })
          await expectCleanRefusal(response, what, before)
        },
      ),
      RUNS,
    )
  })

  it.each(ROUTES)('$method $path: a body that is no object is a 4xx', async (route) => {
    const before = await snapshot()
    await fc.assert(
      fc.asyncProperty(notAnObject, async (rawBody) => {
        const response = await call(route.path, { method: route.method, rawBody, token })
        await expectCleanRefusal(response, `${route.path} ${rawBody.slice(0, 200)}`, before)
      }),
      RUNS,
    )
  })

  it('any Authorization header but the session’s own is refused, changing nothing', async () => {
    const before = await snapshot()
    const printable = fc.string({ maxLength: 120 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''))
    const header = fc
      .oneof(
        printable,
        printable.map((text) => `Bearer ${text}`),
        fc.constant(`Bearer ${token} `),
        fc.constant(`bearer ${token}`),
        fc.constant(`Bearer  ${token}`),
        fc.constant(`Bearer ${token.toUpperCase()}`),
      )
      .filter((value) => value.trim() !== `Bearer ${token}`)
    const routes = [
      ['/me', 'GET'],
      ['/shares/auth', 'GET'],
      ['/shares/recovery', 'GET'],
      ['/sign-out', 'POST'],
      ['/export/otp', 'POST'],
    ] as const
    await fc.assert(
      fc.asyncProperty(
        header,
        fc.constantFrom(...routes),
        async (authorization, [path, method]) => {
          const response = await call(path, { method, headers: { authorization } })
          await expectCleanRefusal(response, `${method} ${path} ${authorization}`, before)
        },
      ),
      RUNS,
    )
    expect((await call('/me', { token })).status).toBe(200)
  })
})
