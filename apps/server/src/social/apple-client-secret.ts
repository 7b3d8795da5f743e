// Apple's client secret is not a fixed string: it is a JWT the developer signs (ES256) with the
// private key Apple issued for Sign in with Apple, naming the team (iss), the Services ID (sub)
// and Apple (aud), good for at most six months. We sign one when needed and keep it until
// shortly before it expires, so the key signs about once an hour, not once per login.
import type { KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'

/** What the developer gets from Apple: the team, the key's id and the key (PKCS#8, P-256). */
export interface AppleSigningKey {
  teamId: string
  keyId: string
  privateKey: KeyObject
}

/** Ours: a leaked secret is good for an hour, not the six months Apple would allow. */
export const APPLE_CLIENT_SECRET_TTL_SECONDS = 3600
/** Ours: a new one is signed this long before the kept one expires (clock skew, slow calls). */
export const APPLE_CLIENT_SECRET_RENEW_SECONDS = 300

/** The client secret for Apple's token URL at `now` (ms): the kept one, or a freshly signed one. */
export function appleClientSecret(
  key: AppleSigningKey,
  clientId: string,
  audience: string,
): (now: number) => Promise<string> {
  let kept: { secret: string; signedAt: number; renewAt: number } | undefined
  return async (now) => {
    // A clock set back before the kept secret's iat would present one Apple calls not yet valid.
    if (kept && now >= kept.signedAt && now < kept.renewAt) return kept.secret
    const iat = Math.floor(now / 1000)
    const exp = iat + APPLE_CLIENT_SECRET_TTL_SECONDS
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(clientId)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key.privateKey)
    kept = {
      secret,
      signedAt: iat * 1000,
      renewAt: (exp - APPLE_CLIENT_SECRET_RENEW_SECONDS) * 1000,
    }
    return secret
  }
}
