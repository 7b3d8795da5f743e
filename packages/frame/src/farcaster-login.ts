// Sign In With Farcaster inside the frame, in two steps. Begin: a fresh redeem secret stays in
// this frame and the page gets only its commitment, which it sends when it makes the channel
// (the channel is the page's, so that its domain is the page's own). Finish: the modal has
// watched the channel complete and hands over its token; the server redeems it once, with the
// secret, for a session of the fid's user, and the key is then made or put together exactly as
// after an e-mail code (key-vault.ts). The channel token travels in the link the QR code shows,
// so whoever reads that link (the Farcaster client, a URL log) still lacks the secret.
// The secret lives in this frame's memory only: the page stays on the view while the person
// signs on their phone, and a reload drops the channel with it, so it never needs storage.
import { FrameRequestError } from './frame-error'
import type { FrameStorage } from './frame-storage'
import { createWalletKey, type UnlockedKey, unlockWalletKey } from './key-vault'
import { newRedeemSecret, type RedeemSecret } from './redeem-secret'
import type { WalletApi } from './wallet-api'

export const FARCASTER_NOT_STARTED_MESSAGE =
  'This Farcaster sign-in was not started here: please try again'

export function createFarcasterLogin(api: WalletApi, storage: FrameStorage) {
  let pending: RedeemSecret | undefined
  return {
    /** A new secret (replacing any earlier one); the page gets its commitment. */
    async begin(): Promise<{ redeemChallenge: string }> {
      pending = await newRedeemSecret()
      return { redeemChallenge: pending.challenge }
    },
    /** Redeems the completed channel, stores the session, and gives the unlocked key. */
    async finish(channelToken: string): Promise<UnlockedKey> {
      if (!pending) throw new FrameRequestError(FARCASTER_NOT_STARTED_MESSAGE)
      const answer = await api.farcasterLogin(channelToken, pending.secret)
      pending = undefined
      // A Farcaster user has no e-mail address; the username is what GET_USER names them by.
      storage.saveLogin(answer.session, '')
      storage.saveSocial({ provider: 'farcaster', userName: answer.user.userName })
      return answer.wallet
        ? unlockWalletKey(api, answer.session.token, storage, answer.wallet.address)
        : createWalletKey(api, answer.session.token, storage)
    },
  }
}
