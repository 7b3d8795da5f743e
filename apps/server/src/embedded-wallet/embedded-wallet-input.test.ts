// Bad input to the embedded wallet's routes: each gets a clear 4xx in the error shape, mails
// nothing and leaves every embedded wallet table as it was. Also who may call: the project,
// its origins and the frame's origin (on these routes only).
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  type CallOptions,
  type EmbeddedWalletRig,
  type ErrorBody,
  embeddedClient,
  embeddedWalletRows,
  FRAME_ORIGIN,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

let rig: EmbeddedWalletRig
const { call, otpBody, verifyBody, login } = embeddedClient(() => rig)
let token: string

const stored = embeddedWalletRows(() => rig)

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
  token = (await login()).session.token
})
afterAll(async () => {
  await rig?.stop()
})

async function expectRefused(path: string, options: CallOptions, status: number, code?: string) {
  const before = await stored.read()
  const response = await call(path, options)
  const text = await response.text()
  expect(response.status, `${path} ${JSON.stringify(options)} -> ${text}`).toBe(status)
  const body = JSON.parse(text) as ErrorBody
  expect(body.error.message.length).toBeGreaterThan(0)
  if (code !== undefined) expect(body.error.code).toBe(code)
  expect(await stored.read()).toBe(before)
}

const share = `0x${'ab'.repeat(33)}`
const address = privateKeyToAccount(generatePrivateKey()).address

describe('bad input changes nothing', () => {
  it('refuses malformed e-mail addresses', async () => {
    for (const email of [
      '',
      'plain',
      'no-domain@',
      '@no-local.com',
      'two@@example.com',
      'space in@example.com',
      'dotless@localhost',
      'trailing@example.com ',
      '<script>@example.com',
      'a@-bad-.com',
      `${'x'.repeat(250)}@example.com`,
      'ünï@example.com',
      'line\nbreak@example.com',
    ]) {
      await expectRefused('/email/otp', { body: otpBody(email) }, 400, 'INVALID_REQUEST')
      await expectRefused('/email/verify', { body: verifyBody(email, '123456') }, 400)
      await expectRefused('/email/update', { body: { newEmail: email }, token }, 400)
    }
  })

  it('refuses bodies of the wrong shape, unknown fields and non-JSON', async () => {
    const email = newEmail()
    for (const body of [
      {},
      { email: 42 },
      { email: [email] },
      { ...otpBody(email), extra: true },
      { Email: email },
      [email],
      null,
      'text',
    ]) {
      await expectRefused('/email/otp', { body }, 400)
    }
    await expectRefused('/email/otp', { rawBody: '{"email":' }, 400)
    await expectRefused(
      '/email/otp',
      {
        rawBody: `email=${email}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
    )
    await expectRefused('/email/otp', { method: 'POST' }, 400)
  })

  it('refuses codes that are not 6 digits', async () => {
    const email = newEmail()
    for (const otp of ['', '12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦', 123456, null]) {
      await expectRefused('/email/verify', { body: verifyBody(email, otp) }, 400)
      await expectRefused('/export/verify', { body: { otp }, token }, 400)
      await expectRefused('/email/update/primary', { body: { otp }, token }, 400)
    }
    await expectRefused(
      '/email/verify',
      { body: { ...verifyBody(email, '123456'), again: 1 } },
      400,
    )
  })

  it('refuses oversized bodies with 413', async () => {
    const huge = `${'a'.repeat(5000)}@example.com`
    await expectRefused('/email/otp', { body: { email: huge } }, 413, 'BODY_TOO_LARGE')
    await expectRefused(
      '/wallet',
      { body: { address, authShare: share, recoveryShare: 'f'.repeat(8000) }, token },
      413,
    )
  })

  it('refuses wallet bodies that are not an address and two shares', async () => {
    for (const body of [
      { address, authShare: share },
      { address: 'not-an-address', authShare: share, recoveryShare: share },
      { address: address.slice(0, 41), authShare: share, recoveryShare: share },
      { address, authShare: share.slice(0, -2), recoveryShare: share },
      { address, authShare: share, recoveryShare: `${share}00` },
      { address, authShare: share.slice(2), recoveryShare: share },
      { address, authShare: `0x${'zz'.repeat(33)}`, recoveryShare: share },
      { address, authShare: share, recoveryShare: share, deviceShare: share },
    ]) {
      await expectRefused('/wallet', { body, token }, 400)
      await expectRefused('/wallet', { method: 'PUT', body, token }, 400)
    }
  })

  it('refuses a missing, malformed or unknown session token without touching anything', async () => {
    const good = { address, authShare: share, recoveryShare: share }
    for (const bad of [
      undefined,
      '',
      'short',
      randomBytes(32).toString('base64url'),
      `${token}x`,
      token.slice(1),
    ]) {
      const options: CallOptions =
        bad === undefined ? {} : { headers: { authorization: `Bearer ${bad}` } }
      await expectRefused('/wallet', { ...options, body: good }, 401, 'EMBEDDED_SESSION_INVALID')
      await expectRefused('/shares/auth', options, 401, 'EMBEDDED_SESSION_INVALID')
      await expectRefused('/sign-out', { ...options, method: 'POST' }, 401)
      await expectRefused('/export/otp', { ...options, method: 'POST' }, 401)
      await expectRefused('/email/update', { ...options, body: { newEmail: newEmail() } }, 401)
    }
    await expectRefused('/me', { headers: { authorization: `Basic ${token}` } }, 401)
  })

  it('refuses a body on the routes that take none, keeping the session', async () => {
    await expectRefused('/sign-out', { body: { all: true }, token }, 400, 'INVALID_REQUEST')
    await expectRefused('/export/otp', { body: { email: newEmail() }, token }, 400)
    expect((await call('/me', { token })).status).toBe(200)
  })

  it('refuses an unknown project and a foreign origin', async () => {
    const body = otpBody(newEmail())
    await expectRefused('/email/otp', { body, projectId: 'f'.repeat(32) }, 401, 'INVALID_KEY')
    await expectRefused(
      '/email/otp',
      { body, origin: 'https://evil.example' },
      403,
      'ORIGIN_NOT_ALLOWED',
    )
    await expectRefused('/me', { token, origin: 'https://evil.example' }, 403)
  })
})

describe('the frame origin', () => {
  it('may call the embedded wallet routes, with CORS headers, and preflight a PUT', async () => {
    const me = await call('/me', { token, origin: FRAME_ORIGIN })
    expect(me.status).toBe(200)
    expect(me.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    const preflight = await call('/wallet', {
      method: 'OPTIONS',
      origin: FRAME_ORIGIN,
      headers: {
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
  })

  it('is refused where no project lists it when frameOrigin is not it', async () => {
    const response = await call('/me', { token, origin: 'http://other-frame.portico.test:8788' })
    expect(response.status).toBe(403)
  })

  it('may not call other project routes', async () => {
    const response = await fetch(`${rig.server.url}/getWallets?projectId=${DEV_PROJECT_ID}`, {
      headers: { origin: FRAME_ORIGIN },
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as ErrorBody).error.code).toBe('ORIGIN_NOT_ALLOWED')
  })
})
