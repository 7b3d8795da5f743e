// The wallet's shares: a first wallet stored just after a login, a new split of the same key, the
// auth share for a session, the recovery share only just after a login or for a fresh export code.
import { claimRecoveryWindow, type LiveSession } from './embedded-sessions'
import {
  AddressMismatchError,
  RecoveryNeedsLoginError,
  SharesMismatchError,
  WalletExistsError,
  WalletNeedsLoginError,
  WalletNotFoundError,
} from './embedded-wallet-errors'
import {
  type Asker,
  checkCode,
  type EmbeddedWalletService,
  loginEmailOf,
  mailCode,
} from './embedded-wallet-service'
import {
  findWallet,
  insertWallet,
  replaceShares,
  sealBinding,
  type WalletShares,
} from './embedded-wallets'
import { sharesRebuildAddress } from './share-rebuild'

/**
 * A new user's first wallet: refused, storing nothing, unless the auth and recovery shares
 * rebuild the address sent with them (as a rotation is checked): shares of another key would
 * leave a wallet no browser could ever recover.
 */
export async function storeFirstWallet(
  service: EmbeddedWalletService,
  session: LiveSession,
  shares: WalletShares,
): Promise<void> {
  if (!(await sharesRebuildAddress(shares.authShare, shares.recoveryShare, shares.address))) {
    throw new SharesMismatchError()
  }
  const now = service.clock()
  await service.db.transaction(async (tx) => {
    if (!(await insertWallet(tx, service.seal, session.user.id, shares, now))) {
      throw new WalletExistsError()
    }
    // Taken with the insert, or neither happens: the frame stores a new user's wallet right
    // after the login, so a session past its window (a token stolen later) cannot plant a key
    // its thief made; and the session that made the key has nothing to recover.
    if (!(await claimRecoveryWindow(tx, session.tokenHash, now))) throw new WalletNeedsLoginError()
  })
}

/**
 * A new split of the wallet's key: refused, changing nothing, unless the new auth and
 * recovery shares rebuild the stored address (share-rebuild.ts says why the server checks).
 */
export async function rotateShares(
  service: EmbeddedWalletService,
  session: LiveSession,
  shares: WalletShares,
): Promise<void> {
  const { db, seal } = service
  const wallet = await findWallet(db, session.user.id)
  if (!wallet) throw new WalletNotFoundError()
  if (wallet.address.toLowerCase() !== shares.address.toLowerCase()) {
    throw new AddressMismatchError()
  }
  if (!(await sharesRebuildAddress(shares.authShare, shares.recoveryShare, wallet.address))) {
    throw new SharesMismatchError()
  }
  const replaced = await replaceShares(db, seal, session.user.id, shares, service.clock())
  // Only a wallet deleted meanwhile (its user gone) gets here.
  if (!replaced) throw new WalletNotFoundError()
}

async function requireWallet(service: EmbeddedWalletService, session: LiveSession) {
  const wallet = await findWallet(service.db, session.user.id)
  if (!wallet) throw new WalletNotFoundError()
  return wallet
}

export async function authShareOf(service: EmbeddedWalletService, session: LiveSession) {
  return (await requireWallet(service, session)).authShare
}

/** The recovery share, unsealed; callers decide who may have it. */
async function unsealedRecoveryShare(
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

/**
 * GET /shares/recovery: for a new browser right after its login, once (claimRecoveryWindow).
 * Unsealed before the window is taken, so a server fault does not spend it.
 */
export async function recoveryShareAfterLogin(
  service: EmbeddedWalletService,
  session: LiveSession,
): Promise<string> {
  const share = await unsealedRecoveryShare(service, session)
  if (!(await claimRecoveryWindow(service.db, session.tokenHash, service.clock()))) {
    throw new RecoveryNeedsLoginError()
  }
  return share
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
    asker.client,
    { projectId: user.projectId, email: loginEmailOf(user), purpose: 'export', userId: user.id },
    otp,
  )
  return unsealedRecoveryShare(service, session)
}
