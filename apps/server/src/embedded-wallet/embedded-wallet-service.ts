import type { Clock } from '../cache/cache'
import type { RateLimiter } from '../cache/rate-limiter'
import type { Database } from '../db/database'
import { enforceRateLimit } from '../http/rate-limit'
import type { CodeMailer } from './code-mailer'
import { type CodeTarget, issueCode, verifyCode, withdrawCode } from './email-codes'
import type { EmbeddedUserRecord } from './embedded-users'
import type { EmailCodeLimits } from './embedded-wallet-constants'
import { MailUnavailableError, NoLoginEmailError } from './embedded-wallet-errors'
import { claimCooldown } from './mail-cooldown'
import type { ShareSeal } from './share-seal'

export interface EmbeddedWalletService {
  db: Database
  seal: ShareSeal
  mailer: CodeMailer
  rateLimiter: RateLimiter
  clock: Clock
  limits: EmailCodeLimits
  /** Deletes dead rows now and then (embedded-wallet-pruning.ts). */
  pruneIfDue: (now: number) => Promise<void>
}

/**
 * Who asks: the project (its id and name, for the mail) and the client, by its address key (an
 * IPv4 address, or an IPv6 /64: http/client-address.ts).
 */
export interface Asker {
  projectId: string
  projectName: string
  client: string
}

/**
 * Mails a new code to the target's address. Refused, storing nothing: over the client's or the
 * project's rate limit (429 RATE_LIMITED), inside the address's cooldown (429 'Please try
 * again after {n} seconds'), over the address's own limit. A mail that cannot be sent takes
 * its code and the cooldown back (503).
 */
export async function mailCode(
  service: EmbeddedWalletService,
  asker: Asker,
  target: CodeTarget,
  /** The new address an e-mail change names; the frame's commitment a login code is bound to. */
  extra: { newEmail?: string; redeemChallenge?: string } = {},
): Promise<void> {
  const { newEmail, redeemChallenge } = extra
  const { db, rateLimiter, limits } = service
  await enforceRateLimit(rateLimiter, `ew-code-ip:${asker.client}`, limits.perIp)
  await enforceRateLimit(rateLimiter, `ew-code-project:${asker.projectId}`, limits.perProject)
  const now = service.clock()
  await service.pruneIfDue(now)
  const cooldown = await claimCooldown(db, target.email, now)
  try {
    // The client's own count for this address runs out first: a stranger asking codes for a
    // victim's address spends its own, and the victim still gets codes (per (client, address)).
    await enforceRateLimit(
      rateLimiter,
      `ew-code-address:${asker.client}:${target.email}`,
      limits.perAddress,
    )
    await enforceRateLimit(
      rateLimiter,
      `ew-code-address-all:${target.email}`,
      limits.perAddressAllClients,
    )
  } catch (error) {
    await cooldown.release()
    throw error
  }
  const { id, code } = await issueCode(
    db,
    service.seal.codeKey,
    target,
    asker.client,
    now,
    redeemChallenge,
  )
  try {
    await service.mailer.send({
      to: target.email,
      code,
      purpose: target.purpose,
      projectName: asker.projectName,
      ...(newEmail !== undefined && { newEmail }),
    })
  } catch (error) {
    await withdrawCode(db, id)
    await cooldown.release()
    if (error instanceof MailUnavailableError) throw error
    throw new MailUnavailableError()
  }
}

export async function checkCode(
  service: EmbeddedWalletService,
  client: string,
  target: CodeTarget,
  otp: string,
  redeemSecret?: string,
): Promise<void> {
  await enforceRateLimit(service.rateLimiter, `ew-verify-ip:${client}`, service.limits.verifyPerIp)
  await verifyCode(
    service.db,
    service.seal.codeKey,
    target,
    otp,
    client,
    service.clock(),
    redeemSecret,
  )
}

/** The user's login address; a user who came in by social login has none to mail (409). */
export function loginEmailOf(user: EmbeddedUserRecord): string {
  if (user.email === null) throw new NoLoginEmailError()
  return user.email
}
