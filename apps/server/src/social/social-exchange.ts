// Talking to a provider after its callback: the code exchanged (with the PKCE verifier) at its
// token URL, then the person read from the id token (OpenID: issuer, audience, signature by
// the provider's JWKS, expiry and our nonce all checked by jose) or from its user-info URL.
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose'
import type { SocialProviderConfig } from './social-config'
import type { ProviderPerson } from './social-providers'

/** A provider answer we cannot trust or read: the login fails, nothing is stored. */
export class ProviderAnswerError extends Error {
  override name = 'ProviderAnswerError'
}

const TIMEOUT_MS = 10_000

/** fetch, with a failure to reach the provider (refused, timed out) as a ProviderAnswerError. */
async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    throw new ProviderAnswerError(`${what} could not be reached: ${(error as Error).message}`)
  }
}
const MAX_BODY_CHARS = 64 * 1024

/** An OAuth error answer's code (RFC 6749 5.2), e.g. invalid_client for a refused secret. */
function oauthErrorOf(body: string): string {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error
    return typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? ` (${error})` : ''
  } catch {
    return ''
  }
}

async function readJson(response: Response, what: string): Promise<unknown> {
  const body = await response.text()
  if (!response.ok) {
    throw new ProviderAnswerError(`${what} answered ${response.status}${oauthErrorOf(body)}`)
  }
  if (body.length > MAX_BODY_CHARS) throw new ProviderAnswerError(`${what} answered too much`)
  try {
    return JSON.parse(body)
  } catch {
    throw new ProviderAnswerError(`${what} answered no JSON`)
  }
}

/** RFC 6749 2.3.1: id and secret form-encoded, then Base64 as user:password. */
const basicAuth = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString(
    'base64',
  )}`

export interface TokenAnswer {
  accessToken: string
  idToken: string | undefined
}

export async function exchangeCode(
  config: SocialProviderConfig,
  code: string,
  redirectUri: string,
  verifier: string,
  now: number,
): Promise<TokenAnswer> {
  const secret = await config.clientSecret(now)
  const response = await call(
    config.tokenUrl,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(config.tokenAuth === 'basic' && { authorization: basicAuth(config.clientId, secret) }),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        ...(config.tokenAuth === 'post' && { client_secret: secret }),
        code_verifier: verifier,
      }),
    },
    'the token endpoint',
  )
  const body = (await readJson(response, 'the token endpoint')) as Record<string, unknown>
  const accessToken = body.access_token
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new ProviderAnswerError('the token endpoint gave no access token')
  }
  return { accessToken, idToken: typeof body.id_token === 'string' ? body.id_token : undefined }
}

const keySets = new Map<string, JWTVerifyGetKey>()

function keySetOf(url: string): JWTVerifyGetKey {
  let keys = keySets.get(url)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: TIMEOUT_MS })
    keySets.set(url, keys)
  }
  return keys
}

export async function personFromIdToken(
  config: SocialProviderConfig,
  idToken: string | undefined,
  nonce: string,
): Promise<ProviderPerson> {
  if (idToken === undefined || config.issuer === undefined || config.jwksUrl === undefined) {
    throw new ProviderAnswerError('no id token')
  }
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(idToken, keySetOf(config.jwksUrl), {
      issuer: config.issuer,
      audience: config.clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    }))
  } catch (error) {
    throw new ProviderAnswerError(`the id token was refused: ${(error as Error).message}`)
  }
  if (payload.nonce !== nonce) throw new ProviderAnswerError('the id token carries another nonce')
  const subject = payload.sub
  if (typeof subject !== 'string' || subject === '' || subject.length > 255) {
    throw new ProviderAnswerError('the id token has no usable subject')
  }
  const verified = payload.email_verified === true || payload.email_verified === 'true'
  const email = verified && typeof payload.email === 'string' ? payload.email.toLowerCase() : null
  const name = typeof payload.name === 'string' && payload.name.length <= 100 ? payload.name : null
  return { subject, email, name }
}

export async function personFromUserInfo(
  config: SocialProviderConfig,
  accessToken: string,
): Promise<ProviderPerson> {
  if (config.userInfoUrl === undefined || config.readUserInfo === undefined) {
    throw new ProviderAnswerError('no user-info endpoint')
  }
  const response = await call(
    config.userInfoUrl,
    {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    },
    'the user-info endpoint',
  )
  const person = config.readUserInfo(await readJson(response, 'the user-info endpoint'))
  if (!person) throw new ProviderAnswerError('the user-info answer names no id')
  return person
}
