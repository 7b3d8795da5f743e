// Social login's routes (its flow and shapes: social-login.ts). Here rather than next to the
// shapes because the frame calls start and redeem and must not load TypeBox to learn their paths.
import { EMBEDDED_WALLET_API_PREFIX } from './embedded-wallet-paths'

export const SOCIAL_LOGIN_PREFIX = `${EMBEDDED_WALLET_API_PREFIX}/social`
/** Where the host page posts SocialBeginForm (step 2). */
export const SOCIAL_BEGIN_PATH = `${SOCIAL_LOGIN_PREFIX}/begin`
export const SOCIAL_START_PATH = `${SOCIAL_LOGIN_PREFIX}/start`
export const SOCIAL_REDEEM_PATH = `${SOCIAL_LOGIN_PREFIX}/redeem`
/** Where a provider sends the browser back (GET, or POST for Apple's form post). */
export const SOCIAL_CALLBACK_PATH = `${SOCIAL_LOGIN_PREFIX}/callback/:provider`
