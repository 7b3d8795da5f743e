// The Apple stand-in's token URL checks the client secret as Apple does. Client authentication
// comes before the code is looked at, so with a made-up code a good secret gets 400
// invalid_grant and any bad one 401 invalid_client: signed by another key, expired, for another
// audience, subject or team, another kid or alg, good for more than six months, or a string.
import {
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPLE_SECRET_MAX_SECONDS } from './apple-client-secret'
import { type RunningIdentityProvider, startIdentityProvider } from './identity-provider'

let idp: RunningIdentityProvider
beforeAll(async () => {
  idp = await startIdentityProvider()
})
afterAll(async () => {
  await idp?.stop()
})

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function es256(header: object, claims: object, key: KeyObject): string {
  const input = `${part(header)}.${part(claims)}`
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
  return `${input}.${signature.toString('base64url')}`
}

async function tokenWith(secret: string) {
  const apple = idp.providers.apple
  const response = await fetch(apple.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'http://127.0.0.1:9/v1/embedded-wallet/social/callback/apple',
      client_id: apple.clientId,
      client_secret: secret,
      code_verifier: 'v'.repeat(43),
    }),
  })
  return { status: response.status, error: ((await response.json()) as { error: string }).error }
}

describe('the Apple stand-in client secret', () => {
  const now = () => Math.floor(Date.now() / 1000)
  const good = () => {
    const key = idp.providers.apple.appleKey
    if (!key) throw new Error('the apple stand-in gives no signing key')
    const iat = now()
    return {
      key,
      header: { alg: 'ES256', kid: key.keyId },
      claims: {
        iss: key.teamId,
        sub: idp.providers.apple.clientId,
        aud: idp.providers.apple.issuer,
        iat,
        exp: iat + 3600,
      },
    }
  }

  it('accepts a JWT signed by the registered key with Apple claims (the code is then checked)', async () => {
    const { key, header, claims } = good()
    expect(await tokenWith(es256(header, claims, createPrivateKey(key.privateKeyPem)))).toEqual({
      status: 400,
      error: 'invalid_grant',
    })
  })

  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
  it.each([
    ['signed by another key', () => ({ key: other })],
    [
      'expired',
      (g: ReturnType<typeof good>) => ({
        claims: { ...g.claims, iat: now() - 7200, exp: now() - 10 },
      }),
    ],
    [
      'for another audience',
      (g: ReturnType<typeof good>) => ({
        claims: { ...g.claims, aud: 'https://appleid.apple.com' },
      }),
    ],
    [
      'for another client (sub)',
      (g: ReturnType<typeof good>) => ({ claims: { ...g.claims, sub: 'portico-google' } }),
    ],
    [
      'from another team (iss)',
      (g: ReturnType<typeof good>) => ({ claims: { ...g.claims, iss: 'OTHERTEAM1' } }),
    ],
    [
      'naming another kid',
      (g: ReturnType<typeof good>) => ({ header: { ...g.header, kid: 'OTHERKEY01' } }),
    ],
    [
      'good for more than six months',
      (g: ReturnType<typeof good>) => ({
        claims: { ...g.claims, exp: g.claims.iat + APPLE_SECRET_MAX_SECONDS + 1 },
      }),
    ],
    [
      'issued in the future',
      (g: ReturnType<typeof good>) => ({
        claims: { ...g.claims, iat: now() + 3600, exp: now() + 7200 },
      }),
    ],
  ])('refuses one %s with 401 invalid_client', async (_what, change) => {
    const base = good()
    const { key, header, claims } = {
      key: createPrivateKey(base.key.privateKeyPem),
      header: base.header,
      claims: base.claims,
      ...change(base),
    }
    expect(await tokenWith(es256(header, claims, key))).toEqual({
      status: 401,
      error: 'invalid_client',
    })
  })

  it('refuses an HS256 JWT, an unsigned one and a plain string', async () => {
    const { header, claims } = good()
    const hsInput = `${part({ ...header, alg: 'HS256' })}.${part(claims)}`
    const hs = `${hsInput}.${createHmac('sha256', 'secret').update(hsInput).digest('base64url')}`
    const unsigned = `${part({ alg: 'none' })}.${part(claims)}.`
    for (const secret of [hs, unsigned, 'portico-apple-dev-secret']) {
      expect(await tokenWith(secret)).toEqual({ status: 401, error: 'invalid_client' })
    }
  })
})
