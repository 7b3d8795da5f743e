// A change of login address: a code to the current address, then one to the new address, then
// the change (email-updates.ts keeps the change waiting between the steps).
import { enforceRateLimit } from '../http/rate-limit'
import {
  endEmailUpdate,
  findEmailUpdate,
  markPrimaryVerified,
  startEmailUpdate,
} from './email-updates'
import type { LiveSession } from './embedded-sessions'
import { changeUserEmail } from './embedded-users'
import {
  EmailTakenError,
  EmailUnchangedError,
  EmailUpdateNotPendingError,
} from './embedded-wallet-errors'
import {
  type Asker,
  checkCode,
  type EmbeddedWalletService,
  loginEmailOf,
  mailCode,
} from './embedded-wallet-service'
import { refuseDuringCooldown } from './mail-cooldown'

/**
 * Step 1 of an e-mail change: a code to the current address. Whether the new address is another
 * user's is not looked at here nor in step 2, which answer alike either way: a signed-in user
 * would otherwise learn which addresses have a wallet. Step 3 says so, to the new mailbox's reader.
 */
export async function beginEmailUpdate(
  service: EmbeddedWalletService,
  asker: Asker,
  session: LiveSession,
  newEmail: string,
): Promise<void> {
  const { user } = session
  const { rateLimiter, limits } = service
  await enforceRateLimit(rateLimiter, `ew-update-user:${user.id}`, limits.updatePerUser)
  await enforceRateLimit(rateLimiter, `ew-update-ip:${asker.client}`, limits.updatePerIp)
  if (newEmail === loginEmailOf(user)) throw new EmailUnchangedError()
  await mailCode(
    service,
    asker,
    {
      projectId: user.projectId,
      email: loginEmailOf(user),
      purpose: 'update-primary',
      userId: user.id,
    },
    { newEmail },
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
  await checkCode(service, asker.client, { ...target, purpose: 'update-primary' }, otp)
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
    asker.client,
    {
      projectId: user.projectId,
      email: pending.newEmail,
      purpose: 'update-secondary',
      userId: user.id,
    },
    otp,
  )
  const changed = await changeUserEmail(db, user.id, pending.newEmail)
  // The code is spent either way, and a taken address stays taken: the change is over.
  await endEmailUpdate(db, user.id)
  if (!changed) throw new EmailTakenError()
  return pending.newEmail
}
