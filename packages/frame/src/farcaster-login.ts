// Sign In With Farcaster inside the frame: the modal has watched the auth channel complete and
// hands over its token; the server redeems it once for a session of the fid's user, and the
// key is then made or put together exactly as after an e-mail code (key-vault.ts).
import type { FrameStorage } from './frame-storage'
import { createWalletKey, type UnlockedKey, unlockWalletKey } from './key-vault'
import type { WalletApi } from './wallet-api'

/** Redeems the completed channel, stores the session, and gives the unlocked key. */
export async function loginWithFarcaster(
  api: WalletApi,
  storage: FrameStorage,
  channelToken: string,
): Promise<UnlockedKey> {
  const answer = await api.farcasterLogin(channelToken)
  // A Farcaster user has no e-mail address; the username is what GET_USER names them by.
  storage.saveLogin(answer.session, '')
  storage.saveSocial({ provider: 'farcaster', userName: answer.user.userName })
  return answer.wallet
    ? unlockWalletKey(api, answer.session.token, storage, answer.wallet.address)
    : createWalletKey(api, answer.session.token, storage)
}
