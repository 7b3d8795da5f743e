// Our server's embedded wallet routes (@portico/protocol/embedded-wallet-api), as the frame
// calls them: the project id in the query, the session as a Bearer token, and a refusal turned
// into a FrameRequestError carrying the server's message (which the modal shows as it is).

import type {
  AuthShareAnswer,
  EmailOtpAnswer,
  EmailOtpBody,
  EmailVerifyAnswer,
  EmailVerifyBody,
  EmptyBody,
  ExportOtpAnswer,
  MeAnswer,
  OtpBody,
  RecoveryShareAnswer,
  UpdateEmailAnswer,
  UpdateEmailBody,
  UpdateEmailPrimaryAnswer,
  UpdateEmailSecondaryAnswer,
  WalletAnswer,
  WalletSharesBody,
} from '@portico/protocol/embedded-wallet-api'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import type { FarcasterLoginAnswer, FarcasterLoginBody } from '@portico/protocol/farcaster-auth'
import {
  EMBEDDED_AUTH_SHARE_PATH,
  EMBEDDED_EMAIL_OTP_PATH,
  EMBEDDED_EMAIL_UPDATE_PATH,
  EMBEDDED_EMAIL_UPDATE_PRIMARY_PATH,
  EMBEDDED_EMAIL_UPDATE_SECONDARY_PATH,
  EMBEDDED_EMAIL_VERIFY_PATH,
  EMBEDDED_EXPORT_OTP_PATH,
  EMBEDDED_EXPORT_VERIFY_PATH,
  EMBEDDED_ME_PATH,
  EMBEDDED_RECOVERY_SHARE_PATH,
  EMBEDDED_SIGN_OUT_PATH,
  EMBEDDED_WALLET_PATH,
  FARCASTER_LOGIN_PATH,
  SOCIAL_REDEEM_PATH,
  SOCIAL_START_PATH,
} from '@portico/protocol/route-paths'
import type { SdkQuery } from '@portico/protocol/sdk-query'
import type {
  SocialRedeemAnswer,
  SocialRedeemBody,
  SocialStartAnswer,
  SocialStartBody,
} from '@portico/protocol/social-login'
import { FrameRequestError, GENERIC_ERROR_MESSAGE } from './frame-error'

export interface WalletApiOptions {
  apiUrl: string
  projectId: string
  fetch?: typeof fetch
}

function errorMessageOf(body: unknown): string | undefined {
  const error = (body as Partial<ErrorAnswer> | undefined)?.error
  return typeof error?.message === 'string' && error.message !== '' ? error.message : undefined
}

export function createWalletApi(options: WalletApiOptions) {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)

  async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const query = { projectId: options.projectId } satisfies SdkQuery
    const url = `${options.apiUrl}${path}?projectId=${query.projectId}`
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    let response: Response
    try {
      response = await fetchFn(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    } catch {
      throw new FrameRequestError(GENERIC_ERROR_MESSAGE)
    }
    if (response.status === 204) return undefined as T
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      throw new FrameRequestError(
        errorMessageOf(answer) ?? GENERIC_ERROR_MESSAGE,
        undefined,
        response.status,
      )
    }
    return answer as T
  }

  return {
    sendCode: (email: string, redeemChallenge: string) =>
      call<EmailOtpAnswer>('POST', EMBEDDED_EMAIL_OTP_PATH, undefined, {
        email,
        redeemChallenge,
      } satisfies EmailOtpBody),
    verifyCode: (email: string, otp: string, redeemSecret: string) =>
      call<EmailVerifyAnswer>('POST', EMBEDDED_EMAIL_VERIFY_PATH, undefined, {
        email,
        otp,
        redeemSecret,
      } satisfies EmailVerifyBody),
    me: (token: string) => call<MeAnswer>('GET', EMBEDDED_ME_PATH, token),
    socialStart: (body: SocialStartBody) =>
      call<SocialStartAnswer>('POST', SOCIAL_START_PATH, undefined, body),
    socialRedeem: (body: SocialRedeemBody) =>
      call<SocialRedeemAnswer>('POST', SOCIAL_REDEEM_PATH, undefined, body),
    farcasterLogin: (channelToken: string, redeemSecret: string) =>
      call<FarcasterLoginAnswer>('POST', FARCASTER_LOGIN_PATH, undefined, {
        channelToken,
        redeemSecret,
      } satisfies FarcasterLoginBody),
    createWallet: (token: string, body: WalletSharesBody) =>
      call<WalletAnswer>('POST', EMBEDDED_WALLET_PATH, token, body),
    rotateShares: (token: string, body: WalletSharesBody) =>
      call<WalletAnswer>('PUT', EMBEDDED_WALLET_PATH, token, body),
    authShare: (token: string) => call<AuthShareAnswer>('GET', EMBEDDED_AUTH_SHARE_PATH, token),
    recoveryShare: (token: string) =>
      call<RecoveryShareAnswer>('GET', EMBEDDED_RECOVERY_SHARE_PATH, token),
    updateEmail: (token: string, newEmail: string) =>
      call<UpdateEmailAnswer>('POST', EMBEDDED_EMAIL_UPDATE_PATH, token, {
        newEmail,
      } satisfies UpdateEmailBody),
    updateEmailPrimary: (token: string, otp: string) =>
      call<UpdateEmailPrimaryAnswer>('POST', EMBEDDED_EMAIL_UPDATE_PRIMARY_PATH, token, {
        otp,
      } satisfies OtpBody),
    updateEmailSecondary: (token: string, otp: string) =>
      call<UpdateEmailSecondaryAnswer>('POST', EMBEDDED_EMAIL_UPDATE_SECONDARY_PATH, token, {
        otp,
      } satisfies OtpBody),
    exportCode: (token: string) =>
      call<ExportOtpAnswer>('POST', EMBEDDED_EXPORT_OTP_PATH, token, {} satisfies EmptyBody),
    exportVerify: (token: string, otp: string) =>
      call<RecoveryShareAnswer>('POST', EMBEDDED_EXPORT_VERIFY_PATH, token, {
        otp,
      } satisfies OtpBody),
    signOut: (token: string) =>
      call<void>('POST', EMBEDDED_SIGN_OUT_PATH, token, {} satisfies EmptyBody),
  }
}
export type WalletApi = ReturnType<typeof createWalletApi>
