// The numbers of the embedded wallet's e-mail login. The cooldown is the spec's
// (docs/product.md#constants: e-mail login cooldown 30 s); the code's length, lifetime and
// attempt limit, the session's lifetime and the rate limits are ours.
import type { RateLimit } from '../cache/rate-limiter'

export {
  EMAIL_OTP_ATTEMPT_LIMIT,
  EMAIL_OTP_COOLDOWN_SECONDS,
  EMAIL_OTP_TTL_SECONDS,
  EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS,
  EMBEDDED_WALLET_SESSION_TTL_SECONDS,
} from '@portico/protocol/embedded-wallet-api'

/**
 * Ours. Of a code's EMAIL_OTP_ATTEMPT_LIMIT tries, how many a client other than the one that
 * asked for it may take (a person whose network changed in between): a stranger guessing at
 * someone's live code stops here, and the person who asked keeps the rest (3) to type it.
 */
export const EMAIL_OTP_OTHER_CLIENT_ATTEMPT_LIMIT = 2
/** Random bytes of a session token (stored as its SHA-256 only). */
export const EMBEDDED_SESSION_TOKEN_BYTES = 32
/** Random bytes each code's hash is salted with. */
export const EMAIL_OTP_SALT_BYTES = 16
/**
 * Largest body these routes take: the biggest one (an address and two shares) is under 300
 * bytes, so anything near this is not ours.
 */
export const EMBEDDED_WALLET_BODY_LIMIT_BYTES = 4 * 1024

/** How often one client may have codes e-mailed, and how often one project's clients together. */
export interface EmailCodeLimits {
  /** Codes mailed on behalf of one client IP (over all projects and addresses). */
  perIp: RateLimit
  /** Codes mailed for one project (all its visitors): a ceiling on what a project can send. */
  perProject: RateLimit
  /**
   * Codes mailed to one address for one client over a longer window than the 30 s cooldown:
   * counted per (client, address), so a stranger who asks codes for someone else's address runs
   * out of its own, and the owner still gets a code.
   */
  perAddress: RateLimit
  /**
   * Codes mailed to one address over every client: a ceiling on what one inbox receives and on
   * the guesses its codes take (5 a code). Several times perAddress, so no one client reaches it.
   */
  perAddressAllClients: RateLimit
  /** Code checks by one client IP: a person types a few; a guesser over many addresses more. */
  verifyPerIp: RateLimit
  /** E-mail changes one signed-in user starts (each mails a code to the user's own address). */
  updatePerUser: RateLimit
  /** E-mail changes started from one client IP, over every user and project. */
  updatePerIp: RateLimit
}

/**
 * Ours. A person asks a handful of codes an hour; an e2e run from one IP asks a few dozen in
 * ten minutes, so the IP limit leaves room for that and stops a script mailing strangers.
 */
export const DEFAULT_EMAIL_CODE_LIMITS: EmailCodeLimits = {
  perIp: { limit: 60, windowMs: 10 * 60_000 },
  perProject: { limit: 1_000, windowMs: 10 * 60_000 },
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  perAddressAllClients: { limit: 30, windowMs: 60 * 60_000 },
  verifyPerIp: { limit: 120, windowMs: 10 * 60_000 },
  // A person changes address rarely and retries a typo or two; a script signed in as one user,
  // or as many from one IP, is stopped after a few tries.
  updatePerUser: { limit: 5, windowMs: 60 * 60_000 },
  updatePerIp: { limit: 20, windowMs: 10 * 60_000 },
}

/** The sender of the code mails when PORTICO_MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Portico <no-reply@portico.localhost>'
