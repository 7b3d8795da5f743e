// Binds a login's state to the frame's redeem challenge without a column of its own: the state
// is 16 random bytes followed by the first 16 bytes of HMAC(server key, random || challenge).
// At the redeem, SHA-256 of the presented secret must rebuild that tag, so only the frame that
// made the secret can spend the result code, even when the result URI itself has leaked. The
// tag is checked before the database is touched: a wrong secret spends nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { redeemChallengeOf } from '../embedded-wallet/redeem-commitment'

const RANDOM_BYTES = 16
const TAG_BYTES = 16

function tagOf(secret: Buffer, random: Buffer, challenge: string): Buffer {
  return createHmac('sha256', secret)
    .update('portico social redeem binding v1\n')
    .update(random)
    .update(challenge)
    .digest()
    .subarray(0, TAG_BYTES)
}

/** A new state (43 base64url characters) bound to `challenge`. */
export function boundState(secret: Buffer, challenge: string): string {
  const random = randomBytes(RANDOM_BYTES)
  return Buffer.concat([random, tagOf(secret, random, challenge)]).toString('base64url')
}

/** Whether `redeemSecret` is the secret whose challenge `state` was made for. */
export function stateAcceptsSecret(secret: Buffer, state: string, redeemSecret: string): boolean {
  const bytes = Buffer.from(state, 'base64url')
  if (bytes.length !== RANDOM_BYTES + TAG_BYTES) return false
  const expected = tagOf(secret, bytes.subarray(0, RANDOM_BYTES), redeemChallengeOf(redeemSecret))
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), expected)
}
