// A frame's redeem secret and its commitment (@portico/protocol/embedded-wallet-api,
// RedeemToken): the commitment, base64url(SHA-256(secret)), goes ahead with the start of a login
// (social start, a Farcaster channel); the secret comes only with its finish, from the frame that
// kept it. Whoever sees the login's state, result code or channel token still lacks the secret.
import { createHash, timingSafeEqual } from 'node:crypto'

/** The commitment of `secret`: base64url(SHA-256), as the frame computes it. */
export function redeemChallengeOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

/** Whether `secret` is the one `challenge` commits to, compared in constant time. */
export function secretMatchesChallenge(secret: string, challenge: string): boolean {
  const given = Buffer.from(redeemChallengeOf(secret))
  const expected = Buffer.from(challenge)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
