// The embedded wallet's API (/v1/embedded-wallet/...): e-mail login with a one-time code, the
// wallet's two server-held key shares, e-mail change, key export and sign-out. The frame calls
// it; every route also takes the usual `projectId` query. Routes marked (Bearer) need
// `Authorization: Bearer <session token>` from a verified code. Refusals are ErrorAnswer.
//
//   POST /v1/embedded-wallet/email/otp              EmailOtpBody          -> EmailOtpAnswer
//   POST /v1/embedded-wallet/email/verify           EmailVerifyBody       -> EmailVerifyAnswer
//   GET  /v1/embedded-wallet/me              (Bearer)                     -> MeAnswer
//   POST /v1/embedded-wallet/wallet          (Bearer) WalletSharesBody    -> 201 WalletAnswer
//   PUT  /v1/embedded-wallet/wallet          (Bearer) WalletSharesBody    -> 200 WalletAnswer
//   GET  /v1/embedded-wallet/shares/auth     (Bearer)                     -> AuthShareAnswer
//   GET  /v1/embedded-wallet/shares/recovery (Bearer, fresh login)        -> RecoveryShareAnswer
//   POST /v1/embedded-wallet/email/update           (Bearer) UpdateEmailBody -> UpdateEmailAnswer
//   POST /v1/embedded-wallet/email/update/primary   (Bearer) OtpBody -> UpdateEmailPrimaryAnswer
//   POST /v1/embedded-wallet/email/update/secondary (Bearer) OtpBody -> UpdateEmailSecondaryAnswer
//   POST /v1/embedded-wallet/export/otp      (Bearer) {}                  -> ExportOtpAnswer
//   POST /v1/embedded-wallet/export/verify   (Bearer) OtpBody             -> RecoveryShareAnswer
//   POST /v1/embedded-wallet/sign-out        (Bearer) {}                  -> 204, no body
//
// A login code is bound to the frame that asked for it: the frame sends the commitment to a
// fresh redeem secret with the address, and the verify needs the secret, so a code that leaks
// (a forwarded mail, a glance at a screen) logs nobody else in.
import { type Static, Type } from 'typebox'
import { EVM_ADDRESS_PATTERN } from './evm-address'

/** Longest e-mail address accepted (the SMTP path limit). */
export const EMAIL_MAX_LENGTH = 254
/**
 * What an e-mail address must look like: a local part of the characters HTML's e-mail input
 * accepts, `@`, and a domain of dot-separated DNS labels with at least one dot. The server
 * compares addresses in lower case.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"

/** Whether `text` is an e-mail address the server takes (the pattern and the length). */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && new RegExp(EMAIL_PATTERN).test(text)
}

/**
 * A frame's redeem secret (32 random bytes) and its commitment, base64url(SHA-256(secret)): 43
 * base64url characters each. The frame keeps the secret and sends only the commitment ahead
 * (social start, a Farcaster channel), so a login is finished only by the frame that began it,
 * whoever else sees its state, result code or channel token.
 */
export const REDEEM_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'
export const RedeemToken = Type.String({ pattern: REDEEM_TOKEN_PATTERN })

/** A one-time code: exactly 6 decimal digits. */
export const OTP_LENGTH = 6
export const OTP_PATTERN = '^[0-9]{6}$'

/**
 * A Shamir share of the wallet's 32-byte private key (shamir-secret-sharing: the secret's
 * length plus one byte), as 0x and 66 hex digits.
 */
export const KEY_SHARE_PATTERN = '^0x[0-9a-fA-F]{66}$'

export {
  EMAIL_OTP_ATTEMPT_LIMIT,
  EMAIL_OTP_COOLDOWN_SECONDS,
  EMAIL_OTP_TTL_SECONDS,
  EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS,
  EMBEDDED_WALLET_SESSION_TTL_SECONDS,
} from './embedded-wallet-limits'

/** The stable `error.code` of each refusal these routes make (besides the server-wide ones). */
export const EmbeddedWalletErrorCode = {
  /** 429, message 'Please try again after {n} seconds', with Retry-After. */
  cooldown: 'EMAIL_COOLDOWN',
  /** 401: no live code for this address (never sent, used, or replaced). */
  codeNotFound: 'OTP_NOT_FOUND',
  /** 401: the code does not match; the code stays usable until the attempt limit. */
  codeInvalid: 'OTP_INVALID',
  /**
   * 401: the code was right once, but a newer code for the same address replaced it; the newer
   * one is still live (a wrong try, counted as one).
   */
  codeReplaced: 'OTP_REPLACED',
  /**
   * 403: a login code verified without the redeem secret of the frame that asked for it (a code
   * read from a forwarded mail, or typed in another browser); no try is taken.
   */
  codeOfAnotherBrowser: 'OTP_OF_ANOTHER_BROWSER',
  /** 401: the code is older than its lifetime. */
  codeExpired: 'OTP_EXPIRED',
  /** 429: the code took EMAIL_OTP_ATTEMPT_LIMIT wrong tries; a new one must be asked for. */
  codeLocked: 'OTP_LOCKED',
  /** 401: the Bearer token is missing, unknown, revoked or expired. */
  sessionInvalid: 'EMBEDDED_SESSION_INVALID',
  /** 409: POST /wallet when the user already has one. */
  walletExists: 'WALLET_EXISTS',
  /** 404: the user has no wallet yet. */
  walletNotFound: 'WALLET_NOT_FOUND',
  /** 409: PUT /wallet with another address than the stored one. */
  addressMismatch: 'WALLET_ADDRESS_MISMATCH',
  /** 409: PUT /wallet whose auth and recovery shares do not rebuild the stored address's key. */
  sharesMismatch: 'WALLET_SHARES_MISMATCH',
  /**
   * 403: GET /shares/recovery by a session past its recovery window (see
   * EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS) or that took its recovery share already.
   */
  recoveryNeedsLogin: 'RECOVERY_NEEDS_FRESH_LOGIN',
  /**
   * 403: POST /wallet by a session past its recovery window, or whose window was used: a new
   * user's wallet is stored only just after the login, so a session token stolen later cannot
   * plant a key its thief made.
   */
  walletNeedsLogin: 'WALLET_NEEDS_FRESH_LOGIN',
  /**
   * 409 at the change's last step (update/secondary): the new address is another user's. Only
   * the one who read that mailbox's code sees it; the first two steps answer alike either way.
   */
  emailTaken: 'EMAIL_TAKEN',
  /** 409: an e-mail change to the address the user has now. */
  emailUnchanged: 'EMAIL_UNCHANGED',
  /** 409: an update step was verified out of order (no pending update, or primary not done). */
  updateNotPending: 'EMAIL_UPDATE_NOT_PENDING',
  /** 409: the user came in by social login and has no e-mail address to send a code to. */
  noLoginEmail: 'NO_LOGIN_EMAIL',
  /** 503: the code mail could not be sent (no SMTP configured, or it refused); nothing kept. */
  mailUnavailable: 'MAIL_UNAVAILABLE',
} as const
export type EmbeddedWalletErrorCode =
  (typeof EmbeddedWalletErrorCode)[keyof typeof EmbeddedWalletErrorCode]

const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN })
const Otp = Type.String({ minLength: OTP_LENGTH, maxLength: OTP_LENGTH, pattern: OTP_PATTERN })
const KeyShare = Type.String({ pattern: KEY_SHARE_PATTERN })
const Address = Type.String({ pattern: EVM_ADDRESS_PATTERN })

export const EmailOtpBody = Type.Object(
  {
    email: Email,
    /** The commitment to the frame's redeem secret: the code is good only with that secret. */
    redeemChallenge: RedeemToken,
  },
  { additionalProperties: false },
)
export type EmailOtpBody = Static<typeof EmailOtpBody>

/** What the frame does next: ask the person for the code sent by mail. */
export const EmailOtpAnswer = Type.Object({ action: Type.Literal('VERIFY_OTP') })
export type EmailOtpAnswer = Static<typeof EmailOtpAnswer>

export const EmailVerifyBody = Type.Object(
  {
    email: Email,
    otp: Otp,
    /** The secret whose commitment was sent when the code was asked for. */
    redeemSecret: RedeemToken,
  },
  { additionalProperties: false },
)
export type EmailVerifyBody = Static<typeof EmailVerifyBody>

export const EmbeddedSession = Type.Object({
  /** Opaque; the server keeps only its hash. */
  token: Type.String(),
  /** RFC 3339 date-time. */
  expiresAt: Type.String(),
})
export type EmbeddedSession = Static<typeof EmbeddedSession>

export const EmbeddedUser = Type.Object({
  userId: Type.String(),
  /** In lower case. */
  email: Type.String(),
})
export type EmbeddedUser = Static<typeof EmbeddedUser>

export const EmbeddedWallet = Type.Object({
  /** As the frame sent it when the wallet was stored (EIP-55 checksummed by the frame). */
  address: Type.String(),
})
export type EmbeddedWallet = Static<typeof EmbeddedWallet>

/** `wallet` null: a new user; the frame makes the key and POSTs /wallet. */
export const EmailVerifyAnswer = Type.Object({
  session: EmbeddedSession,
  user: EmbeddedUser,
  wallet: Type.Union([EmbeddedWallet, Type.Null()]),
})
export type EmailVerifyAnswer = Static<typeof EmailVerifyAnswer>

export const MeAnswer = Type.Object({
  user: Type.Object({
    userId: Type.String(),
    /** In lower case; null for a user who came in by social login and has no address of ours. */
    email: Type.Union([Type.String(), Type.Null()]),
  }),
  wallet: Type.Union([EmbeddedWallet, Type.Null()]),
})
export type MeAnswer = Static<typeof MeAnswer>

/** POST stores the first split; PUT replaces both shares of a new split of the same key. */
export const WalletSharesBody = Type.Object(
  { address: Address, authShare: KeyShare, recoveryShare: KeyShare },
  { additionalProperties: false },
)
export type WalletSharesBody = Static<typeof WalletSharesBody>

export const WalletAnswer = Type.Object({ wallet: EmbeddedWallet })
export type WalletAnswer = Static<typeof WalletAnswer>

export const AuthShareAnswer = Type.Object({ authShare: Type.String() })
export type AuthShareAnswer = Static<typeof AuthShareAnswer>

export const RecoveryShareAnswer = Type.Object({ recoveryShare: Type.String() })
export type RecoveryShareAnswer = Static<typeof RecoveryShareAnswer>

/** A code body (update steps, export). */
export const OtpBody = Type.Object({ otp: Otp }, { additionalProperties: false })
export type OtpBody = Static<typeof OtpBody>

/** Routes without a body take none or an empty object, nothing else. */
export const EmptyBody = Type.Object({}, { additionalProperties: false })
export type EmptyBody = Static<typeof EmptyBody>

/** Starts a change of address: a code goes to the current address first. */
export const UpdateEmailBody = Type.Object({ newEmail: Email }, { additionalProperties: false })
export type UpdateEmailBody = Static<typeof UpdateEmailBody>

export const UpdateEmailAnswer = Type.Object({ action: Type.Literal('VERIFY_PRIMARY_OTP') })
export type UpdateEmailAnswer = Static<typeof UpdateEmailAnswer>

/** The current address's code was right; a code now goes to the new address. */
export const UpdateEmailPrimaryAnswer = Type.Object({
  action: Type.Literal('VERIFY_SECONDARY_OTP'),
})
export type UpdateEmailPrimaryAnswer = Static<typeof UpdateEmailPrimaryAnswer>

/** The new address's code was right: it is the user's address from now on. */
export const UpdateEmailSecondaryAnswer = Type.Object({ email: Type.String() })
export type UpdateEmailSecondaryAnswer = Static<typeof UpdateEmailSecondaryAnswer>

/** A fresh code went to the user's address; the recovery share is given back for it. */
export const ExportOtpAnswer = Type.Object({ action: Type.Literal('VERIFY_OTP') })
export type ExportOtpAnswer = Static<typeof ExportOtpAnswer>
