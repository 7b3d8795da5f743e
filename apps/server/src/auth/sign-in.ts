// Sign-in with the wallet: checks a signed CAIP-122 message against the request's origin, the
// clock, the configured chains, its nonce and the signature, cheapest first, then uses up the
// nonce and stores the session in one transaction. The checks that need nothing but the request
// come first, then the nonce (one database read), then the signature (local for an EOA, a
// chain call only for what may be a contract account). A refusal writes nothing, so a failed
// attempt leaves the nonce usable, for AUTH_NONCE_ATTEMPT_LIMIT tries at the signature; the
// next try spends it. A nonce already used stays refused.
import type { RateLimiter } from '../cache/rate-limiter'
import type { Database } from '../db/database'
import { enforceRateLimit } from '../http/rate-limit'
import { createOriginMatcher } from '../projects/origin-pattern'
import type { Project } from '../projects/project-store'
import {
  AUTH_ISSUED_AT_SKEW_MS,
  AUTH_NONCE_ATTEMPT_LIMIT,
  AUTH_NONCE_TTL_MS,
  AUTH_SESSION_MAX_LIFETIME_MS,
} from './auth-constants'
import {
  DomainMismatchError,
  InvalidSignatureError,
  MessageExpiredError,
  MessageIssuedInFutureError,
  MessageNotYetValidError,
  NonceAttemptsExceededError,
  NonceExpiredError,
  NonceOfAnotherProjectError,
  NonceUsedError,
  UnknownNonceError,
  UriMismatchError,
} from './auth-errors'
import { checkCacao } from './cacao-check'
import { consumeNonce, findNonce, type StoredNonce } from './nonce-store'
import { type AuthSession, insertSession } from './session-store'
import { signInSiteMismatch } from './sign-in-site'
import { type SignatureVerifierDeps, verifySiwxSignature } from './signature-verifier'
import { parseSiwxMessage, type SiwxMessage } from './siwx-message'

export interface SignInAttempt {
  project: Project
  /** The request's Origin header (already allowed by the project guard), if it sent one. */
  origin: string | undefined
  message: string
  signature: string
  cacao: Record<string, unknown> | undefined
}

export interface SignInDeps extends SignatureVerifierDeps {
  db: Database
  /** Counts the tries of each nonce. */
  rateLimiter: RateLimiter
  now(): number
  /** Throws UnsupportedChainError when the chain is not configured. */
  requireChain(chainId: string): void
}

function checkNonce(stored: StoredNonce | undefined, projectId: string, now: number): void {
  if (!stored) throw new UnknownNonceError()
  if (stored.projectId !== projectId) throw new NonceOfAnotherProjectError()
  if (stored.usedAt !== null) throw new NonceUsedError()
  if (stored.expiresAt.getTime() <= now) throw new NonceExpiredError()
}

/** `domain` and `uri` must name the page that asks: its Origin, or an allowed origin without one. */
function checkOrigin(message: SiwxMessage, project: Project, origin: string | undefined): void {
  const mismatch = signInSiteMismatch(message, createOriginMatcher(project.allowedOrigins), origin)
  if (mismatch === 'uri-not-origin' || mismatch === 'uri-not-domain') throw new UriMismatchError()
  if (mismatch !== undefined) throw new DomainMismatchError()
}

function checkTimes(message: SiwxMessage, now: number): void {
  if (Date.parse(message.issuedAt) > now + AUTH_ISSUED_AT_SKEW_MS) {
    throw new MessageIssuedInFutureError()
  }
  if (message.expirationTime !== undefined && Date.parse(message.expirationTime) <= now) {
    throw new MessageExpiredError()
  }
  if (message.notBefore !== undefined && Date.parse(message.notBefore) > now) {
    throw new MessageNotYetValidError()
  }
}

/** Counts a try of a good nonce; past the limit the nonce is spent and the try refused. */
async function countNonceTry(deps: SignInDeps, nonce: string, projectId: string): Promise<void> {
  const rule = { limit: AUTH_NONCE_ATTEMPT_LIMIT, windowMs: AUTH_NONCE_TTL_MS }
  try {
    await enforceRateLimit(
      deps.rateLimiter,
      `auth-nonce-tries:${nonce}`,
      rule,
      () => new NonceAttemptsExceededError(),
    )
  } catch (error) {
    // Spent in the database too, so it stays refused once the limiter's window has turned.
    if (error instanceof NonceAttemptsExceededError) {
      await consumeNonce(deps.db, nonce, projectId, deps.now())
    }
    throw error
  }
}

function sessionEnd(message: SiwxMessage, now: number): number {
  const longest = now + AUTH_SESSION_MAX_LIFETIME_MS
  if (message.expirationTime === undefined) return longest
  return Math.min(Date.parse(message.expirationTime), longest)
}

export async function signIn(
  deps: SignInDeps,
  attempt: SignInAttempt,
): Promise<{ token: string; session: AuthSession }> {
  const message = parseSiwxMessage(attempt.message)
  const projectId = attempt.project.id
  checkOrigin(message, attempt.project, attempt.origin)
  checkTimes(message, deps.now())
  deps.requireChain(message.chainId)
  if (attempt.cacao) checkCacao(attempt.cacao, message, attempt.signature)
  checkNonce(await findNonce(deps.db, message.nonce), projectId, deps.now())
  await countNonceTry(deps, message.nonce, projectId)
  const verified = await verifySiwxSignature(deps, {
    message,
    text: attempt.message,
    signature: attempt.signature,
  })
  if (!verified) throw new InvalidSignatureError()

  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    if (!(await consumeNonce(tx, message.nonce, projectId, now))) {
      // Another sign-in used it meanwhile, or it expired while the chain was asked.
      checkNonce(await findNonce(tx, message.nonce), projectId, now)
      throw new NonceUsedError()
    }
    return insertSession(tx, {
      projectId,
      message,
      text: attempt.message,
      signature: attempt.signature,
      cacao: attempt.cacao,
      expiresAt: sessionEnd(message, now),
      now,
    })
  })
}
