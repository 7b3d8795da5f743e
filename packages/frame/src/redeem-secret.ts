// A redeem secret for a login this frame begins (@portico/protocol/embedded-wallet-api,
// RedeemToken): 32 random bytes the frame keeps, and their SHA-256, the commitment that goes
// ahead with the login's start (social start, a Farcaster channel). The login's finish needs
// the secret, so seeing the state, result code or channel token gives nobody else the session.

import { base64url } from './base64url'

export interface RedeemSecret {
  /** Kept by the frame; sent only to finish the login. */
  secret: string
  /** base64url(SHA-256(secret)): sent when the login starts. */
  challenge: string
}

export async function newRedeemSecret(): Promise<RedeemSecret> {
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))
  return { secret, challenge: base64url(new Uint8Array(digest)) }
}
