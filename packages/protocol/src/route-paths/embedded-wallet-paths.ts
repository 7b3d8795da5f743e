// The embedded wallet's routes, which only the frame calls.
export const EMBEDDED_WALLET_API_PREFIX = '/v1/embedded-wallet'
export const EMBEDDED_EMAIL_OTP_PATH = `${EMBEDDED_WALLET_API_PREFIX}/email/otp`
export const EMBEDDED_EMAIL_VERIFY_PATH = `${EMBEDDED_WALLET_API_PREFIX}/email/verify`
export const EMBEDDED_ME_PATH = `${EMBEDDED_WALLET_API_PREFIX}/me`
export const EMBEDDED_WALLET_PATH = `${EMBEDDED_WALLET_API_PREFIX}/wallet`
export const EMBEDDED_AUTH_SHARE_PATH = `${EMBEDDED_WALLET_API_PREFIX}/shares/auth`
export const EMBEDDED_RECOVERY_SHARE_PATH = `${EMBEDDED_WALLET_API_PREFIX}/shares/recovery`
export const EMBEDDED_EMAIL_UPDATE_PATH = `${EMBEDDED_WALLET_API_PREFIX}/email/update`
export const EMBEDDED_EMAIL_UPDATE_PRIMARY_PATH = `${EMBEDDED_WALLET_API_PREFIX}/email/update/primary`
export const EMBEDDED_EMAIL_UPDATE_SECONDARY_PATH = `${EMBEDDED_WALLET_API_PREFIX}/email/update/secondary`
export const EMBEDDED_EXPORT_OTP_PATH = `${EMBEDDED_WALLET_API_PREFIX}/export/otp`
export const EMBEDDED_EXPORT_VERIFY_PATH = `${EMBEDDED_WALLET_API_PREFIX}/export/verify`
export const EMBEDDED_SIGN_OUT_PATH = `${EMBEDDED_WALLET_API_PREFIX}/sign-out`
