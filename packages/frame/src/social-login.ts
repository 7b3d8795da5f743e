// Social login inside the frame (@portico/protocol/social-login for the server's side). Start:
// the result must come back to the page that asked (its origin is the one this frame checks
// every message against), a fresh redeem secret stays in this origin's storage and only its
// SHA-256 goes to the server, so the result the provider's round trip leaves in a URL is worth
// nothing to anyone else.
// Finish: the result URI must carry the state this frame started; its result code is redeemed
// with the secret for a session, and the key is made or put together as after an e-mail code.
import { SOCIAL_PROVIDERS, type SocialProvider } from '@portico/protocol/social-login'
import { FrameRequestError } from './frame-error'
import type { FrameStorage } from './frame-storage'
import { createWalletKey, type UnlockedKey, unlockWalletKey } from './key-vault'
import { newRedeemSecret } from './redeem-secret'
import type { WalletApi } from './wallet-api'

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

export const SOCIAL_NOT_STARTED_MESSAGE = 'This login was not started here: please try again'
export const SOCIAL_RESULT_ELSEWHERE_MESSAGE = 'A login must come back to the page that started it'

/**
 * Starts a login with `provider` for the page at `pageOrigin`: the begin URL and state the page
 * posts from the popup or the tab.
 */
export async function startSocialLogin(
  api: WalletApi,
  storage: FrameStorage,
  provider: SocialProvider,
  resultUri: string,
  pageOrigin: string,
): Promise<{ beginUrl: string; state: string }> {
  if (!URL.canParse(resultUri) || new URL(resultUri).origin !== pageOrigin)
    throw new FrameRequestError(SOCIAL_RESULT_ELSEWHERE_MESSAGE)
  const redeem = await newRedeemSecret()
  const { beginUrl, state } = await api.socialStart({
    provider,
    resultUri,
    redeemChallenge: redeem.challenge,
  })
  storage.saveSocialPending({ provider, state, redeemSecret: redeem.secret })
  // Sealed into storage before the page may leave for the provider (the tab's redirect).
  await storage.flush()
  return { beginUrl, state }
}

export interface SocialLogin {
  key: UnlockedKey
  provider: SocialProvider
  userName: string | null
}

/** Reads the result URI of the login started here and redeems it. */
export async function finishSocialLogin(
  api: WalletApi,
  storage: FrameStorage,
  provider: SocialProvider,
  uri: string,
): Promise<SocialLogin> {
  const pending = storage.socialPending()
  const query = URL.canParse(uri) ? new URL(uri).searchParams : new URLSearchParams()
  const state = query.get('state')
  if (!pending || pending.provider !== provider || state === null || state !== pending.state)
    throw new FrameRequestError(SOCIAL_NOT_STARTED_MESSAGE)
  // Spent whatever comes next: a state is good for one answer only.
  storage.saveSocialPending(undefined)
  const error = query.get('error')
  if (error !== null) {
    // The provider's refusal is the person's own (4001); anything else is a failed login.
    if (error === 'access_denied')
      throw new FrameRequestError(`The ${provider} login was cancelled`, 4001)
    throw new FrameRequestError(`The ${provider} login failed`)
  }
  const answer = await api.socialRedeem({
    state,
    resultCode: query.get('resultCode') ?? '',
    redeemSecret: pending.redeemSecret,
  })
  storage.saveLogin(answer.session, '')
  storage.saveSocial({ provider, userName: answer.user.userName })
  const key = answer.wallet
    ? await unlockWalletKey(api, answer.session.token, storage, answer.wallet.address)
    : await createWalletKey(api, answer.session.token, storage)
  return { key, provider, userName: answer.user.userName }
}
