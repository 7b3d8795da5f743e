// The id token check against real tokens of the local identity provider (google): a token as
// issued passes; one with a changed payload, a changed signature, another nonce, another
// audience or issuer, or signed by another provider's key is refused.
import { createHash, randomBytes } from 'node:crypto'
import {
  type RunningIdentityProvider,
  socialLoginEnv,
  startIdentityProvider,
} from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, throughProvider } from '../test/social-login-client'
import { readSocialLoginConfig, type SocialProviderConfig } from './social-config'
import { exchangeCode, ProviderAnswerError, personFromIdToken } from './social-exchange'

const CALLBACK = 'http://127.0.0.1:9/v1/embedded-wallet/social/callback/google'
let idp: RunningIdentityProvider
let google: SocialProviderConfig

beforeAll(async () => {
  idp = await startIdentityProvider()
  google = readSocialLoginConfig(socialLoginEnv(idp)).providers.google as SocialProviderConfig
})
afterAll(async () => {
  await idp?.stop()
})

/** A real id token for a test person, asked with `nonce`. */
async function idTokenFor(nonce: string, config = google): Promise<string> {
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL(config.authorizationUrl)
  const query = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: CALLBACK,
    scope: 'openid email profile',
    state: randomBytes(16).toString('hex'),
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  const run = await throughProvider(new Browser(), 'http://127.0.0.1:9/', url.href, {
    name: 'Token Tester',
    email: 'token-tester@example.com',
  })
  const code = new URL(run.callbackUrl).searchParams.get('code') as string
  const tokens = await exchangeCode(config, code, CALLBACK, verifier, Date.now())
  return tokens.idToken as string
}

const flip = (text: string, at: number) =>
  `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`

describe('id token check', () => {
  it('accepts a token as issued and refuses any change to it', async () => {
    const nonce = randomBytes(16).toString('base64url')
    const token = await idTokenFor(nonce)
    const person = await personFromIdToken(google, token, nonce)
    expect(person).toEqual({
      subject: expect.stringMatching(/^\d+$/),
      email: 'token-tester@example.com',
      name: 'Token Tester',
    })
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')
    const refused = [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${flip(signature, 10)}`,
      `${header}.${payload}.`,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
    ]
    for (const bad of refused) {
      await expect(personFromIdToken(google, bad, nonce)).rejects.toThrow(ProviderAnswerError)
    }
    await expect(personFromIdToken(google, token, 'another-nonce')).rejects.toThrow(/nonce/)
    await expect(
      personFromIdToken({ ...google, clientId: 'someone-else' }, token, nonce),
    ).rejects.toThrow(ProviderAnswerError)
    await expect(
      personFromIdToken({ ...google, issuer: idp.providers.apple.issuer }, token, nonce),
    ).rejects.toThrow(ProviderAnswerError)
    // The same token checked against Apple's keys: not signed by them.
    await expect(
      personFromIdToken({ ...google, jwksUrl: idp.providers.apple.jwksUrl }, token, nonce),
    ).rejects.toThrow(ProviderAnswerError)
  })
})
