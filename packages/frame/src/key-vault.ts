// Getting the wallet's key into the frame's memory without it ever leaving whole: a new
// wallet is made and split here; a known one is put together from the device share and the
// auth share, or, on a new browser (or when this browser's share belongs to an older split),
// from the auth and recovery shares, after which it is split afresh and the server's two
// shares replaced, so this browser holds a share of the current split. Every combination is
// checked against the address the server stored. The server gives the recovery share only just
// after a login (once, within minutes): a reload whose share is stale is asked to log in again.
import { getAddress, type Hex } from 'viem'
import { FrameRequestError } from './frame-error'
import type { FrameStorage } from './frame-storage'
import { combineShares, createKey, splitKey } from './key-shares'
import type { WalletApi } from './wallet-api'

export interface UnlockedKey {
  address: `0x${string}`
  privateKey: Hex
}

export const KEY_NOT_RECOVERED_MESSAGE = 'The wallet key could not be recovered'

/**
 * The server refused the recovery share (403): the session is past the minutes after its login
 * in which it is given, so only a new login gets the key back on this browser.
 */
export class RecoveryNeedsLoginError extends FrameRequestError {}

async function recoveryShareOf(api: WalletApi, token: string): Promise<string> {
  try {
    return (await api.recoveryShare(token)).recoveryShare
  } catch (error) {
    if (error instanceof FrameRequestError && error.status === 403) {
      throw new RecoveryNeedsLoginError(error.message, error.code, error.status)
    }
    throw error
  }
}

/** A first login: a new key, its device share kept here, the other two sent to the server. */
export async function createWalletKey(
  api: WalletApi,
  token: string,
  storage: FrameStorage,
): Promise<UnlockedKey> {
  const { privateKey, address, shares } = await createKey()
  await api.createWallet(token, { address, authShare: shares.auth, recoveryShare: shares.recovery })
  storage.saveDeviceShare({ address, share: shares.device })
  // Sealed into storage before the login is reported done, so a reload finds it.
  await storage.flush()
  return { address: getAddress(address), privateKey }
}

/** A known wallet: device + auth shares, else auth + recovery shares and a new split. */
export async function unlockWalletKey(
  api: WalletApi,
  token: string,
  storage: FrameStorage,
  storedAddress: string,
): Promise<UnlockedKey> {
  const address = getAddress(storedAddress)
  const { authShare } = await api.authShare(token)
  const device = storage.deviceShare()
  if (device && device.address.toLowerCase() === address.toLowerCase()) {
    const key = await combineShares(device.share as Hex, authShare as Hex, address)
    if (key) return { address, privateKey: key }
  }
  const recoveryShare = await recoveryShareOf(api, token)
  const key = await combineShares(authShare as Hex, recoveryShare as Hex, address)
  if (!key) throw new FrameRequestError(KEY_NOT_RECOVERED_MESSAGE)
  await rotateShares(api, token, storage, { address, privateKey: key })
  return { address, privateKey: key }
}

/** A new split of the same key: the server's two shares replaced, then this browser's. */
export async function rotateShares(
  api: WalletApi,
  token: string,
  storage: FrameStorage,
  key: UnlockedKey,
): Promise<void> {
  const shares = await splitKey(key.privateKey)
  // Server first: if the PUT fails this browser keeps its old share and recovers next time.
  await api.rotateShares(token, {
    address: key.address,
    authShare: shares.auth,
    recoveryShare: shares.recovery,
  })
  storage.saveDeviceShare({ address: key.address, share: shares.device })
  await storage.flush()
}

/** Key export: the recovery share a fresh code gave back, with the auth share. */
export async function keyForExport(
  api: WalletApi,
  token: string,
  recoveryShare: string,
  address: string,
): Promise<Hex> {
  const { authShare } = await api.authShare(token)
  const key = await combineShares(authShare as Hex, recoveryShare as Hex, address)
  if (!key) throw new FrameRequestError(KEY_NOT_RECOVERED_MESSAGE)
  return key
}
