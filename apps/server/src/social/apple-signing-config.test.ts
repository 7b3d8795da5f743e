// Apple's signing settings: all three with the client id turn apple login on with a signed
// secret; a fixed client secret, a partial set, malformed ids and keys that are not P-256
// PKCS#8 are refused at start with the variable's name.
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readAppleSigningKey } from './apple-signing-config'
import { readSocialLoginConfig } from './social-config'

const pkcs8 = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) =>
  key.export({ format: 'pem', type: 'pkcs8' }).toString()
const EC_PEM = pkcs8(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey)
const GOOD = {
  PORTICO_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
  PORTICO_SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
  PORTICO_SOCIAL_APPLE_KEY_ID: 'KEY1234567',
  PORTICO_SOCIAL_APPLE_PRIVATE_KEY: EC_PEM,
}

describe('Apple signing settings', () => {
  it('turn apple login on with a secret signed per call, not a fixed string', async () => {
    const apple = readSocialLoginConfig(GOOD).providers.apple
    expect(apple?.clientId).toBe('com.example.web')
    const secret = await apple?.clientSecret(Date.now())
    expect(secret?.split('.')).toHaveLength(3)
  })

  it('accept the PEM on one line with \\n for its line breaks', () => {
    const oneLine = EC_PEM.trim().replaceAll('\n', '\\n')
    const key = readAppleSigningKey({ ...GOOD, PORTICO_SOCIAL_APPLE_PRIVATE_KEY: oneLine })
    expect(key?.privateKey.asymmetricKeyType).toBe('ec')
  })

  it('are all absent: apple login is off', () => {
    expect(readSocialLoginConfig({}).providers.apple).toBeUndefined()
  })

  const rsaPem = pkcs8(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey)
  const p384Pem = pkcs8(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey)
  it.each([
    [{ PORTICO_SOCIAL_APPLE_CLIENT_SECRET: 'eyJhbGciOi.x.y' }, /CLIENT_SECRET is not used/],
    [{ PORTICO_SOCIAL_APPLE_TEAM_ID: '' }, /set together or not at all/],
    [{ PORTICO_SOCIAL_APPLE_PRIVATE_KEY: undefined }, /set together or not at all/],
    [{ PORTICO_SOCIAL_APPLE_CLIENT_ID: undefined }, /CLIENT_ID and the Apple signing key/],
    [{ PORTICO_SOCIAL_APPLE_TEAM_ID: 'team123456' }, /TEAM_ID must be 10 letters/],
    [{ PORTICO_SOCIAL_APPLE_KEY_ID: 'KEY12345678' }, /KEY_ID must be 10 letters/],
    [{ PORTICO_SOCIAL_APPLE_PRIVATE_KEY: 'not a key' }, /must be a PKCS#8 PEM key/],
    [
      {
        PORTICO_SOCIAL_APPLE_PRIVATE_KEY:
          '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      },
      /not a readable PKCS#8/,
    ],
    [{ PORTICO_SOCIAL_APPLE_PRIVATE_KEY: rsaPem }, /EC P-256 key/],
    [{ PORTICO_SOCIAL_APPLE_PRIVATE_KEY: p384Pem }, /EC P-256 key/],
  ])('refuse %o', (change, message) => {
    expect(() => readSocialLoginConfig({ ...GOOD, ...change })).toThrow(message)
  })
})
