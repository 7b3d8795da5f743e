// What a test does as the frame does before a login it begins (packages/frame redeem-secret.ts):
// a random redeem secret kept back, and its commitment sent ahead.
import { randomBytes } from 'node:crypto'
import { redeemChallengeOf } from '../embedded-wallet/redeem-commitment'

/** A frame's redeem secret and the challenge it sends at start (its SHA-256, base64url). */
export function redeemSecretPair(): { secret: string; challenge: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, challenge: redeemChallengeOf(secret) }
}
