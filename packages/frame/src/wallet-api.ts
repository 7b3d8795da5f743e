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
    const url = `${options.apiUrl}/v1/embedded-wallet${path}?projectId=${query.projectId}`
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
    sendCode: (email: string) =>
      call<EmailOtpAnswer>('POST', '/email/otp', undefined, { email } satisfies EmailOtpBody),
    verifyCode: (email: string, otp: string) =>
      call<EmailVerifyAnswer>('POST', '/email/verify', undefined, {
        email,
        otp,
      } satisfies EmailVerifyBody),
    me: (token: string) => call<MeAnswer>('GET', '/me', token),
    socialStart: (body: SocialStartBody) =>
      call<SocialStartAnswer>('POST', '/social/start', undefined, body),
    socialRedeem: (body: SocialRedeemBody) =>
      call<SocialRedeemAnswer>('POST', '/social/redeem', undefined, body),
    farcasterLogin: (channelToken: string) =>
      call<FarcasterLoginAnswer>('POST', '/farcaster/login', undefined, {
        channelToken,
      } satisfies FarcasterLoginBody),
    createWallet: (token: string, body: WalletSharesBody) =>
      call<WalletAnswer>('POST', '/wallet', token, body),
    rotateShares: (token: string, body: WalletSharesBody) =>
      call<WalletAnswer>('PUT', '/wallet', token, body),
    authShare: (token: string) => call<AuthShareAnswer>('GET', '/shares/auth', token),
    recoveryShare: (token: string) => call<RecoveryShareAnswer>('GET', '/shares/recovery', token),
    updateEmail: (token: string, newEmail: string) =>
      call<UpdateEmailAnswer>('POST', '/email/update', token, {
        newEmail,
      } satisfies UpdateEmailBody),
    updateEmailPrimary: (token: string, otp: string) =>
      call<UpdateEmailPrimaryAnswer>('POST', '/email/update/primary', token, {
        otp,
      } satisfies OtpBody),
    updateEmailSecondary: (token: string, otp: string) =>
      call<UpdateEmailSecondaryAnswer>('POST', '/email/update/secondary', token, {
        otp,
      } satisfies OtpBody),
    exportCode: (token: string) =>
      call<ExportOtpAnswer>('POST', '/export/otp', token, {} satisfies EmptyBody),
    exportVerify: (token: string, otp: string) =>
      call<RecoveryShareAnswer>('POST', '/export/verify', token, { otp } satisfies OtpBody),
    signOut: (token: string) => call<void>('POST', '/sign-out', token, {} satisfies EmptyBody),
  }
}
export type WalletApi = ReturnType<typeof createWalletApi>
