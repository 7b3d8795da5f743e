// Social login inside the frame (@portico/protocol/social-login for the server's side). Start:
// a fresh redeem secret stays in this origin's storage and only its SHA-256 goes to the server,
// so the result the provider's round trip leaves in a URL is worth nothing to anyone else.
// Finish: the result URI must carry the state this frame started; its result code is redeemed
// with the secret for a session, and the key is made or put together as after an e-mail code.
import { SOCIAL_PROVIDERS, type SocialProvider } from '@portico/protocol/social-login'
import { FrameRequestError } from './frame-error'
import type { FrameStorage } from './frame-storage'
import { createWalletKey, type UnlockedKey, unlockWalletKey } from './key-vault'
import type { WalletApi } from './wallet-api'

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

export const SOCIAL_NOT_STARTED_MESSAGE = 'This login was not started here: please try again'

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return base64url(new Uint8Array(digest))
}

/** Starts a login with `provider`: the provider's page to open in the popup or the tab. */
export async function startSocialLogin(
  api: WalletApi,
  storage: FrameStorage,
  provider: SocialProvider,
  resultUri: string,
): Promise<{ authorizationUrl: string }> {
  const redeemSecret = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const { authorizationUrl, state } = await api.socialStart({
    provider,
    resultUri,
    redeemChallenge: await sha256(redeemSecret),
  })
  storage.saveSocialPending({ provider, state, redeemSecret })
  return { authorizationUrl }
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
