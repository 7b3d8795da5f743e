// The embedded wallet's numbers both sides read, in a module of plain constants: the modal's
// eager code (the stores) imports them without pulling in the request schemas.
/** Seconds between two codes sent to one address (docs/product.md: the e-mail login cooldown). */
export const EMAIL_OTP_COOLDOWN_SECONDS = 30
/** How long a code can be used. */
export const EMAIL_OTP_TTL_SECONDS = 10 * 60
/** Wrong tries a code takes; the next try is refused and the code is spent. */
export const EMAIL_OTP_ATTEMPT_LIMIT = 5
/** How long a session from a verified code lasts. */
export const EMBEDDED_WALLET_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60
/**
 * The recovery share is given to a session once, within this many seconds of the login that
 * made it (an e-mail code, a social redeem, a Farcaster login): a new browser asks for it right
 * away, while a token stolen later reads only the auth share, one share, not the key.
 */
export const EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS = 5 * 60
/**
 * The chain ids the embedded wallet acts on (signs, sends, switches to); any other is refused.
 * The spec counts 27 known chain ids, Solana's among them, without listing them; these are the
 * EVM networks it defines (docs/product.md#network), the frame being EVM only. Written out, not
 * read from the network table, so the modal's eager code carries no network objects.
 */
export const EMBEDDED_WALLET_CHAIN_IDS: readonly number[] = [1, 10, 137, 8453, 42_161, 43_114]
