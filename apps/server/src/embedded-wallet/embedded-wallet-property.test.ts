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
  REDEEM_TOKEN_PATTERN,
} from '@portico/protocol/embedded-wallet-api'
import { EVM_ADDRESS_PATTERN } from '@portico/protocol/evm-address'
import fc from 'fast-check'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type EmbeddedWalletRig,
  embeddedClient,
  embeddedWalletRows,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'
import { expectRefusal } from '../test/expect-refusal'
import { splitKey, walletBody } from '../test/key-split'
import { type BodyField, brokenBody, matching, notAnObject } from '../test/malformed-body'
import { otherAuthorization } from '../test/other-authorization'
import { redeemSecretPair } from '../test/redeem-secret-pair'

let rig: EmbeddedWalletRig
const { call, login } = embeddedClient(() => rig)
let token: string

const RUNS = { numRuns: 60 }
const stored = embeddedWalletRows(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
  token = (await login()).session.token
  const wallet = await call('/wallet', { body: walletBody(await splitKey()), token })
  expect(wallet.status).toBe(201)
})
afterAll(async () => {
  await rig?.stop()
})

const EMAIL: BodyField = { name: 'email', accepts: matching(EMAIL_PATTERN) }
const OTP: BodyField = { name: 'otp', accepts: matching(OTP_PATTERN) }
const REDEEM_CHALLENGE: BodyField = {
  name: 'redeemChallenge',
  accepts: matching(REDEEM_TOKEN_PATTERN),
}
const REDEEM_SECRET: BodyField = { name: 'redeemSecret', accepts: matching(REDEEM_TOKEN_PATTERN) }
const SHARES: BodyField[] = [
  { name: 'address', accepts: matching(EVM_ADDRESS_PATTERN) },
  { name: 'authShare', accepts: matching(KEY_SHARE_PATTERN) },
  { name: 'recoveryShare', accepts: matching(KEY_SHARE_PATTERN) },
]

/** Each route with a body, the fields of a valid one and its method. */
const ROUTES: { path: string; method: string; fields: BodyField[] }[] = [
  { path: '/email/otp', method: 'POST', fields: [EMAIL, REDEEM_CHALLENGE] },
  { path: '/email/verify', method: 'POST', fields: [EMAIL, OTP, REDEEM_SECRET] },
  { path: '/wallet', method: 'POST', fields: SHARES },
  { path: '/wallet', method: 'PUT', fields: SHARES },
  {
    path: '/email/update',
    method: 'POST',
    fields: [{ name: 'newEmail', accepts: matching(EMAIL_PATTERN) }],
  },
  { path: '/email/update/primary', method: 'POST', fields: [OTP] },
  { path: '/email/update/secondary', method: 'POST', fields: [OTP] },
  { path: '/export/verify', method: 'POST', fields: [OTP] },
]

const validValue: Record<string, () => string> = {
  email: () => newEmail('fuzz'),
  newEmail: () => newEmail('fuzz'),
  otp: () => '123456',
  redeemChallenge: () => redeemSecretPair().challenge,
  redeemSecret: () => redeemSecretPair().secret,
  address: () => privateKeyToAccount(generatePrivateKey()).address,
  authShare: () => `0x${randomBytes(33).toString('hex')}`,
  recoveryShare: () => `0x${randomBytes(33).toString('hex')}`,
}

describe('embedded wallet routes under malformed input', () => {
  it.each(ROUTES)('$method $path: a broken body is a 4xx that changes nothing', async (route) => {
    const before = await stored.read()
    await fc.assert(
      fc.asyncProperty(brokenBody(route.fields), async (broken) => {
        const body = broken(
          Object.fromEntries(route.fields.map(({ name }) => [name, validValue[name]?.()])),
        )
        const what = `${route.method} ${route.path} ${JSON.stringify(body).slice(0, 200)}`
        const response = await call(route.path, { method: route.method, body, token })
        await expectRefusal(response, what, { unchanged: { stored, before } })
      }),
      RUNS,
    )
  })

  it.each(ROUTES)('$method $path: a body that is no object is a 4xx', async (route) => {
    const before = await stored.read()
    await fc.assert(
      fc.asyncProperty(notAnObject, async (rawBody) => {
        const response = await call(route.path, { method: route.method, rawBody, token })
        await expectRefusal(response, `${route.path} ${rawBody.slice(0, 200)}`, {
          unchanged: { stored, before },
        })
      }),
      RUNS,
    )
  })

  it('any Authorization header but the session’s own is refused, changing nothing', async () => {
    const before = await stored.read()
    const routes = [
      ['/me', 'GET'],
      ['/shares/auth', 'GET'],
      ['/shares/recovery', 'GET'],
      ['/sign-out', 'POST'],
      ['/export/otp', 'POST'],
    ] as const
    await fc.assert(
      fc.asyncProperty(
        otherAuthorization(token),
        fc.constantFrom(...routes),
        async (authorization, [path, method]) => {
          const response = await call(path, { method, headers: { authorization } })
          await expectRefusal(response, `${method} ${path} ${authorization}`, {
            unchanged: { stored, before },
          })
        },
      ),
      RUNS,
    )
    expect((await call('/me', { token })).status).toBe(200)
  })
})
