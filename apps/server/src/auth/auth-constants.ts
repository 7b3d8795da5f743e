// The numbers of sign-in with the wallet (SIWX). The spec names none of them: they are ours.

/** How long a nonce from POST /auth/v1/nonce can be signed in with. */
export const AUTH_NONCE_TTL_MS = 5 * 60_000
/** Random characters of a nonce (EIP-4361: alphanumeric, at least 8). */
export const AUTH_NONCE_LENGTH = 24
/** How far in the future a message's `issuedAt` may be (clocks of wallets drift). */
export const AUTH_ISSUED_AT_SKEW_MS = 60_000
/** Longest session; a message without `expirationTime` gets this from its sign-in. */
export const AUTH_SESSION_MAX_LIFETIME_MS = 7 * 24 * 60 * 60_000
/** Random bytes of a session token (it is stored as its SHA-256 only). */
export const AUTH_SESSION_TOKEN_BYTES = 32
/** Most sessions one listing answers (newest first). */
export const AUTH_SESSIONS_PAGE_SIZE = 100
/** Nonces one client (project + IP) may ask for in a minute: enough for retries, not a flood. */
export const AUTH_NONCE_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const
/** How often an instance deletes expired nonces and ended sessions (on the next nonce asked). */
export const AUTH_PRUNE_INTERVAL_MS = 10 * 60_000
/**
 * Sign-in attempts one client (project + IP) may make in a minute. A person signs in once per
 * nonce; each attempt may cost a chain call (signature-verifier.ts), so this bounds what one
 * client can make the server ask the chain.
 */
export const AUTH_AUTHENTICATE_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const
/** The same from one IP over all projects: naming other projects' ids does not multiply it. */
export const AUTH_AUTHENTICATE_IP_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const
/**
 * Tries one nonce gets at the signature; the next is refused (429) and spends the nonce. A try is
 * counted once the nonce is found good, so refusals of the message itself are not. Counted by the
 * shared limiter in windows of a nonce's lifetime: a nonce whose life spans two windows can get
 * this many in each before it is spent.
 */
export const AUTH_NONCE_ATTEMPT_LIMIT = 3
