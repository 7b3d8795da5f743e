// The e-mail login: a code bound to the frame's redeem commitment, then, with the right code and
// that frame's secret, a session of the address's user (made on first login) and its wallet; and
// who a session's user is, with the wallet (/me).
import type { EmailVerifyAnswer, MeAnswer } from '@portico/protocol/embedded-wallet-api'
import type { CodeTarget } from './email-codes'
import { createEmbeddedSession, type LiveSession } from './embedded-sessions'
import { findOrCreateUser } from './embedded-users'
import {
  type Asker,
  checkCode,
  type EmbeddedWalletService,
  mailCode,
} from './embedded-wallet-service'
import { findWallet, type StoredWallet } from './embedded-wallets'

const walletOf = (stored: StoredWallet | undefined) => (stored ? { address: stored.address } : null)

/** A login code, bound to the frame's redeem commitment. */
export async function sendLoginCode(
  service: EmbeddedWalletService,
  asker: Asker,
  email: string,
  redeemChallenge: string,
) {
  await mailCode(
    service,
    asker,
    { projectId: asker.projectId, email, purpose: 'login', userId: null },
    { redeemChallenge },
  )
}

/**
 * A right login code with the secret of the frame that asked for it: the address's user (made
 * on first login), a new session, the wallet.
 */
export async function verifyLogin(
  service: EmbeddedWalletService,
  asker: Asker,
  email: string,
  otp: string,
  redeemSecret: string,
): Promise<EmailVerifyAnswer> {
  const { db } = service
  const target: CodeTarget = { projectId: asker.projectId, email, purpose: 'login', userId: null }
  await checkCode(service, asker.client, target, otp, redeemSecret)
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
