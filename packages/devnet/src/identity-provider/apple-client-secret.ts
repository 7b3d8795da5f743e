// The Apple stand-in checks the client secret as Apple does: not a shared string but a JWT the
// developer signs with the key Apple issued (ES256, header kid = key id) with iss = team id,
// sub = client id, aud = Apple's issuer, and an exp no more than six months past its iat.
// The key pair is made when the provider starts: the public half stays here, the private half
// goes to our server's environment (socialLoginEnv), as a developer's .p8 download would.
import { generateKeyPairSync, type KeyObject, randomInt, verify } from 'node:crypto'

export interface AppleDevKey {
  teamId: string
  keyId: string
  /** PKCS#8 PEM, as Apple's .p8 download. */
  privateKeyPem: string
  publicKey: KeyObject
}

/** Apple refuses a client secret whose exp is more than 15777000 s (six months) past its iat. */
export const APPLE_SECRET_MAX_SECONDS = 15_777_000
/** How far the signer's clock may run ahead of ours at iat. */
const SKEW_SECONDS = 60
/** A fixed, obviously dev-only team; Apple's ids are 10 letters A-Z or digits. */
export const APPLE_DEV_TEAM_ID = 'PORTICODEV'
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

export function createAppleDevKey(): AppleDevKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  // A new key id per start: a secret signed for an earlier run's key names a key we lack.
  const keyId = Array.from({ length: 10 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('')
  return {
    teamId: APPLE_DEV_TEAM_ID,
    keyId,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey,
  }
}

export interface AppleSecretExpectation {
  key: AppleDevKey
  clientId: string
  /** The stand-in's issuer (Apple's: https://appleid.apple.com). */
  audience: string
}

const decodeJson = (part: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Why the secret is refused at `nowSeconds`, or undefined when it is good. */
export function appleSecretRefusal(
  secret: string,
  expected: AppleSecretExpectation,
  nowSeconds: number,
): string | undefined {
  const parts = secret.split('.')
  if (parts.length !== 3) return 'not a JWT'
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJson(headerPart)
  const claims = decodeJson(payloadPart)
  if (!header || !claims) return 'not a JWT'
  if (header.alg !== 'ES256') return 'alg is not ES256'
  if (header.kid !== expected.key.keyId) return 'kid names another key'
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: expected.key.publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  )
  if (!signed) return 'bad signature'
  if (claims.iss !== expected.key.teamId) return 'iss is not the team id'
  if (claims.sub !== expected.clientId) return 'sub is not the client id'
  const aud = claims.aud
  if (aud !== expected.audience && !(Array.isArray(aud) && aud.includes(expected.audience))) {
    return 'aud is not the issuer'
  }
  const { iat, exp } = claims
  if (typeof iat !== 'number' || typeof exp !== 'number') return 'no iat or exp'
  if (iat > nowSeconds + SKEW_SECONDS) return 'issued in the future'
  if (exp <= nowSeconds) return 'expired'
  if (exp - iat > APPLE_SECRET_MAX_SECONDS) return 'good for more than six months'
  return undefined
}
