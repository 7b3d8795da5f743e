// The embedded wallet's rules, shared by its routes: codes mailed under the cooldown and the
// rate limits, codes verified into sessions, the wallet's shares stored and given back, the
// e-mail change in two steps, the key export behind a fresh code.
import type { EmailVerifyAnswer, MeAnswer } from '@portico/protocol/embedded-wallet-api'
import type { Clock } from '../cache/cache'
import type { RateLimiter } from '../cache/rate-limiter'
import type { Database } from '../db/database'
import { enforceRateLimit } from '../http/rate-limit'
import type { CodeMailer } from './code-mailer'
import { type CodeTarget, issueCode, verifyCode, withdrawCode } from './email-codes'
import {
  endEmailUpdate,
  findEmailUpdate,
  markPrimaryVerified,
  startEmailUpdate,
} from './email-updates'
import { createEmbeddedSession, type LiveSession } from './embedded-sessions'
import {
  changeUserEmail,
  type EmbeddedUserRecord,
  findOrCreateUser,
  findUserByEmail,
} from './embedded-users'
import type { EmailCodeLimits } from './embedded-wallet-constants'
import {
  AddressMismatchError,
  EmailTakenError,
  EmailUpdateNotPendingError,
  MailUnavailableError,
  NoLoginEmailError,
  WalletExistsError,
  WalletNotFoundError,
} from './embedded-wallet-errors'
import {
  findWallet,
  insertWallet,
  replaceShares,
  type StoredWallet,
  sealBinding,
  type WalletShares,
} from './embedded-wallets'
import { claimCooldown, refuseDuringCooldown } from './mail-cooldown'
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

/** Who asks: the project (its id and name, for the mail) and the client's IP. */
export interface Asker {
  projectId: string
  projectName: string
  ip: string
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
  newEmail?: string,
): Promise<void> {
  const { db, rateLimiter, limits } = service
  await enforceRateLimit(rateLimiter, `ew-code-ip:${asker.ip}`, limits.perIp)
  await enforceRateLimit(rateLimiter, `ew-code-project:${asker.projectId}`, limits.perProject)
  const now = service.clock()
  await service.pruneIfDue(now)
  const cooldown = await claimCooldown(db, target.email, now)
  try {
    await enforceRateLimit(rateLimiter, `ew-code-address:${target.email}`, limits.perAddress)
  } catch (error) {
    await cooldown.release()
    throw error
  }
  const { id, code } = await issueCode(db, service.seal.codeKey, target, now)
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

async function checkCode(
  service: EmbeddedWalletService,
  ip: string,
  target: CodeTarget,
  otp: string,
): Promise<void> {
  await enforceRateLimit(service.rateLimiter, `ew-verify-ip:${ip}`, service.limits.verifyPerIp)
  await verifyCode(service.db, service.seal.codeKey, target, otp, service.clock())
}

/** The user's login address; a user who came in by social login has none to mail (409). */
function loginEmailOf(user: EmbeddedUserRecord): string {
  if (user.email === null) throw new NoLoginEmailError()
  return user.email
}

const walletOf = (stored: StoredWallet | undefined) => (stored ? { address: stored.address } : null)

export async function sendLoginCode(service: EmbeddedWalletService, asker: Asker, email: string) {
  await mailCode(service, asker, {
    projectId: asker.projectId,
    email,
    purpose: 'login',
    userId: null,
  })
}

/** A right login code: the address's user (made on first login), a new session, the wallet. */
export async function verifyLogin(
  service: EmbeddedWalletService,
  asker: Asker,
  email: string,
  otp: string,
): Promise<EmailVerifyAnswer> {
  const { db } = service
  const target: CodeTarget = { projectId: asker.projectId, email, purpose: 'login', userId: null }
  await checkCode(service, asker.ip, target, otp)
  const now = service.clock()
  const user = await findOrCreateUser(db, asker.projectId, email, now)
  const session = await createEmbeddedSession(db, user, now)
  return {
    session: { token: session.token, expiresAt: session.expiresAt.toISOString() },
    user: { userId: user.id, email },
    wallet: walletOf(await findWallet(db, user.id)),
  }
}

export async function describeUser(
  service: EmbeddedWalletService,
  session: LiveSession,
): Promise<MeAnswer> {
  const { user } = session
  return {
    user: { userId: user.id, email: user.email },
    wallet: walletOf(await findWallet(service.db, user.id)),
  }
}

export async function storeFirstWallet(
  service: EmbeddedWalletService,
  session: LiveSession,
  shares: WalletShares,
): Promise<void> {
  const stored = await insertWallet(
    service.db,
    service.seal,
    session.user.id,
    shares,
    service.clock(),
  )
  if (!stored) throw new WalletExistsError()
}

export async function rotateShares(
  service: EmbeddedWalletService,
  session: LiveSession,
  shares: WalletShares,
): Promise<void> {
  const { db, seal } = service
  const replaced = await replaceShares(db, seal, session.user.id, shares, service.clock())
  if (replaced) return
  if (await findWallet(db, session.user.id)) throw new AddressMismatchError()
  throw new WalletNotFoundError()
}

async function requireWallet(service: EmbeddedWalletService, session: LiveSession) {
  const wallet = await findWallet(service.db, session.user.id)
  if (!wallet) throw new WalletNotFoundError()
  return wallet
}

export async function authShareOf(service: EmbeddedWalletService, session: LiveSession) {
  return (await requireWallet(service, session)).authShare
}

export async function recoveryShareOf(
  service: EmbeddedWalletService,
  session: LiveSession,
): Promise<string> {
  const wallet = await requireWallet(service, session)
  if (wallet.sealKeyId !== service.seal.keyId) {
    throw new Error(
      `the recovery share of user ${session.user.id} is sealed under key ${wallet.sealKeyId}, ` +
        `not the configured ${service.seal.keyId}`,
    )
  }
  return service.seal.unseal(
    wallet.sealedRecoveryShare,
    sealBinding(session.user.id, wallet.address),
  )
}

/** Step 1 of an e-mail change: a code to the current address. */
export async function beginEmailUpdate(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
  newEmail: string,
): Promise<void> {
  const { user } = session
  if (newEmail === user.email || (await findUserByEmail(service.db, user.projectId, newEmail))) {
    throw new EmailTakenError()
  }
  await mailCode(
    service,
    asker,
    {
      projectId: user.projectId,
      email: loginEmailOf(user),
      purpose: 'update-primary',
      userId: user.id,
    },
    newEmail,
  )
  await startEmailUpdate(service.db, user.id, newEmail, service.clock())
}

/** Step 2: the current address's code; then a code goes to the new address. */
export async function confirmCurrentEmail(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
  otp: string,
): Promise<void> {
  const { db } = service
  const { user } = session
  const pending = await findEmailUpdate(db, user.id, service.clock())
  if (!pending || pending.primaryVerified) throw new EmailUpdateNotPendingError('primary')
  // Checked before the code is spent: a refusal now leaves the change where it was.
  await refuseDuringCooldown(db, pending.newEmail, service.clock())
  const target = { projectId: user.projectId, email: loginEmailOf(user), userId: user.id }
  await checkCode(service, asker.ip, { ...target, purpose: 'update-primary' }, otp)
  await markPrimaryVerified(db, user.id, service.clock())
  await mailCode(service, asker, {
    ...target,
    email: pending.newEmail,
    purpose: 'update-secondary',
  })
}

/** Step 3: the new address's code; the address is the user's from now on. */
export async function confirmNewEmail(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
  otp: string,
): Promise<string> {
  const { db } = service
  const { user } = session
  const pending = await findEmailUpdate(db, user.id, service.clock())
  if (!pending?.primaryVerified) throw new EmailUpdateNotPendingError('secondary')
  await checkCode(
    service,
    asker.ip,
    {
      projectId: user.projectId,
      email: pending.newEmail,
      purpose: 'update-secondary',
      userId: user.id,
    },
    otp,
  )
  if (!(await changeUserEmail(db, user.id, pending.newEmail))) throw new EmailTakenError()
  await endEmailUpdate(db, user.id)
  return pending.newEmail
}

export async function sendExportCode(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
): Promise<void> {
  const { user } = session
  await requireWallet(service, session)
  await mailCode(service, asker, {
    projectId: user.projectId,
    email: loginEmailOf(user),
    purpose: 'export',
    userId: user.id,
  })
}

export async function verifyExport(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
  otp: string,
): Promise<string> {
  const { user } = session
  await checkCode(
    service,
    asker.ip,
    { projectId: user.projectId, email: loginEmailOf(user), purpose: 'export', userId: user.id },
    otp,
  )
  return recoveryShareOf(service, session)
}
