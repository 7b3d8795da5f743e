// The client secret our server signs for Apple: an ES256 JWT with Apple's header and claims,
// verified with the public half of the key; kept until shortly before it expires, and signed
// again after that (or when the clock has gone back before it was issued).
import { createPublicKey, generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  APPLE_CLIENT_SECRET_RENEW_SECONDS,
  APPLE_CLIENT_SECRET_TTL_SECONDS,
  appleClientSecret,
} from './apple-client-secret'

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const key = { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey }
const AUDIENCE = 'https://appleid.apple.com'
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0)

describe('appleClientSecret', () => {
  it('signs ES256 with kid, iss = team, sub = client id, aud = Apple, exp an hour ahead', async () => {
    const secret = await appleClientSecret(key, 'com.example.web', AUDIENCE)(NOW)
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' })
    const { payload } = await jwtVerify(secret, createPublicKey(privateKey), {
      algorithms: ['ES256'],
      currentDate: new Date(NOW),
    })
    expect(payload).toEqual({
      iss: 'TEAM123456',
      sub: 'com.example.web',
      aud: AUDIENCE,
      iat: NOW / 1000,
      exp: NOW / 1000 + APPLE_CLIENT_SECRET_TTL_SECONDS,
    })
    // Apple refuses more than six months (15777000 s).
    expect(APPLE_CLIENT_SECRET_TTL_SECONDS).toBeLessThanOrEqual(15_777_000)
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey
    await expect(jwtVerify(secret, other, { currentDate: new Date(NOW) })).rejects.toThrow()
  })

  it('keeps one secret until shortly before it expires, then signs a new one', async () => {
    const secretAt = appleClientSecret(key, 'com.example.web', AUDIENCE)
    const first = await secretAt(NOW)
    const renewAt =
      NOW + (APPLE_CLIENT_SECRET_TTL_SECONDS - APPLE_CLIENT_SECRET_RENEW_SECONDS) * 1000
    expect(await secretAt(NOW + 1000)).toBe(first)
    expect(await secretAt(renewAt - 1)).toBe(first)
    const second = await secretAt(renewAt)
    expect(second).not.toBe(first)
    const { payload } = await jwtVerify(second, createPublicKey(privateKey), {
      currentDate: new Date(renewAt),
    })
    expect(payload.iat).toBe(renewAt / 1000)
    // A clock set back before the kept secret's iat gets one Apple would not call premature.
    const earlier = await secretAt(NOW - 60_000)
    expect(decodeJwtIat(earlier)).toBe((NOW - 60_000) / 1000)
  })
})

function decodeJwtIat(jwt: string): unknown {
  const payload = jwt.split('.')[1] as string
  return JSON.parse(Buffer.from(payload, 'base64url').toString()).iat
}
