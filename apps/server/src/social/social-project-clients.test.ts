// PORTICO_SOCIAL_PROJECT_CLIENTS as the operator writes it: each project's own clients, on the
// provider's endpoints; anything the server cannot read stops the start with a plain message.
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { readSocialLoginConfig } from './social-config'

const SHOP = 'a1'.repeat(16)
const appleKey = {
  PORTICO_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
  PORTICO_SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
  PORTICO_SOCIAL_APPLE_KEY_ID: 'KEY1234567',
  PORTICO_SOCIAL_APPLE_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ format: 'pem', type: 'pkcs8' })
    .toString(),
}

const clients = (value: unknown) => ({ PORTICO_SOCIAL_PROJECT_CLIENTS: JSON.stringify(value) })

describe('PORTICO_SOCIAL_PROJECT_CLIENTS', () => {
  it("gives a project its own clients on the provider's endpoints, beside the server-wide ones", async () => {
    const config = readSocialLoginConfig({
      ...appleKey,
      PORTICO_SOCIAL_GITHUB_TOKEN_URL: 'http://127.0.0.1:9/github/token',
      ...clients({
        [SHOP]: {
          github: { clientId: 'shop-github', clientSecret: 'shop-secret' },
          apple: { clientId: 'com.example.shop' },
        },
      }),
    })
    const github = config.projectClients[SHOP]?.github
    expect(github?.clientId).toBe('shop-github')
    expect(await github?.clientSecret(Date.now())).toBe('shop-secret')
    expect(github?.tokenUrl).toBe('http://127.0.0.1:9/github/token')
    // Apple's secret is signed for the project's Services ID.
    const signed = await config.projectClients[SHOP]?.apple?.clientSecret(Date.now())
    const claims = JSON.parse(Buffer.from(signed?.split('.')[1] ?? '', 'base64url').toString())
    expect(claims.sub).toBe('com.example.shop')
    expect(config.providers.apple?.clientId).toBe('com.example.web')
    expect(config.providers.github).toBeUndefined()
  })

  it.each([
    ['{not json', 'PORTICO_SOCIAL_PROJECT_CLIENTS must be JSON'],
    ['[]', 'PORTICO_SOCIAL_PROJECT_CLIENTS must be an object by project id'],
    [JSON.stringify({ shop: {} }), 'PORTICO_SOCIAL_PROJECT_CLIENTS: shop is not a project id'],
    [
      JSON.stringify({ [SHOP]: { myspace: { clientId: 'a', clientSecret: 'b' } } }),
      'PORTICO_SOCIAL_PROJECT_CLIENTS: myspace is not a provider',
    ],
    [
      JSON.stringify({ [SHOP]: { google: { clientId: 'a' } } }),
      `PORTICO_SOCIAL_PROJECT_CLIENTS: ${SHOP}.google.clientSecret must be a non-empty string`,
    ],
    [
      JSON.stringify({ [SHOP]: { apple: { clientId: 'com.example.shop' } } }),
      `PORTICO_SOCIAL_PROJECT_CLIENTS: ${SHOP}.apple has no clientSecret; it is signed with the Apple key, which must be set`,
    ],
  ])('refuses %s to start', (value, message) => {
    expect(() => loadConfig({ PORTICO_SOCIAL_PROJECT_CLIENTS: value })).toThrow(message)
  })
})
