// Social login into the embedded wallet (/v1/embedded-wallet/social/...): OAuth 2.0
// authorization code with PKCE, run by our server against each provider. The flow:
//
//   1. The frame makes a redeem secret, keeps it, and asks
//      POST /v1/embedded-wallet/social/start?projectId=  SocialStartBody (with the secret's
//      SHA-256 as redeemChallenge) -> SocialStartAnswer: the provider's authorization URL (for
//      the popup or the redirect) and the state, which the frame keeps with the secret.
//   2. The person logs in and consents at the provider, which sends the browser to our
//      callback: GET /v1/embedded-wallet/social/callback/:provider (apple: POST, form_post).
//      The server finishes the code exchange, checks the id token (OpenID providers) or reads
//      the user-info endpoint (the others), finds or makes the user, and answers 303 to the
//      resultUri given at start with SocialCallbackResult in its query: `state` and
//      `resultCode`, or `state`, `error` and `errorDescription`.
//   3. That result URI comes back to the frame, which checks the state is its own and redeems
//      POST /v1/embedded-wallet/social/redeem?projectId=  SocialRedeemBody -> SocialRedeemAnswer
//      (a session as the e-mail verify route gives, plus the provider and the user name),
//      presenting the redeem secret.
//
// The result code is single use, short lived and only good with its own state and the redeem
// secret whose hash started the login: a result URI that leaks (history, logs, a page's
// scripts) cannot be redeemed by anyone but the frame that started it. The state itself is
// single use. Refusals are ErrorAnswer.
import { type Static, Type } from 'typebox'
import { EmbeddedSession, EmbeddedWallet } from './embedded-wallet-api'

export const SOCIAL_LOGIN_PREFIX = '/v1/embedded-wallet/social'

/** The providers the server can run (farcaster is its own flow). */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'x', 'discord', 'github', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** Providers that give an OpenID id token; the others are read through their user-info URL. */
export const OPENID_SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'apple']

/** How long a started login may take before its callback (seconds). */
export const SOCIAL_STATE_TTL_SECONDS = 10 * 60
/** How long the frame has to redeem a result code (seconds). */
export const SOCIAL_RESULT_TTL_SECONDS = 2 * 60

/** 32 random bytes in base64url (43 characters): states and result codes. */
export const SOCIAL_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'
/** Longest result URI accepted. */
export const SOCIAL_RESULT_URI_MAX_LENGTH = 2048

export const SocialProviderName = Type.Union([
  Type.Literal('google'),
  Type.Literal('apple'),
  Type.Literal('x'),
  Type.Literal('discord'),
  Type.Literal('github'),
  Type.Literal('facebook'),
])

const SocialToken = Type.String({ pattern: SOCIAL_TOKEN_PATTERN })
/**
 * The frame's redeem secret (32 random bytes) and its challenge (the secret's SHA-256), both in
 * base64url: 43 characters.
 */
const RedeemToken = Type.String({ pattern: SOCIAL_TOKEN_PATTERN })

export const SocialStartBody = Type.Object(
  {
    provider: SocialProviderName,
    /**
     * Where the callback sends the browser with the result: an http(s) URL whose origin is the
     * asking page's (or the frame's), e.g. the host page the popup was opened from.
     */
    resultUri: Type.String({ minLength: 1, maxLength: SOCIAL_RESULT_URI_MAX_LENGTH }),
    /** base64url(SHA-256(redeemSecret)): only the holder of the secret may redeem the result. */
    redeemChallenge: RedeemToken,
  },
  { additionalProperties: false },
)
export type SocialStartBody = Static<typeof SocialStartBody>

export const SocialStartAnswer = Type.Object({
  /** Open this in the popup (or navigate to it): the provider's login page. */
  authorizationUrl: Type.String(),
  state: Type.String(),
  /** ISO time after which the callback is refused. */
  expiresAt: Type.String(),
})
export type SocialStartAnswer = Static<typeof SocialStartAnswer>

/** The stable `error` values a result URI can carry. */
export const SocialResultError = {
  /** The person refused at the provider's consent (or closed its login). */
  denied: 'access_denied',
  /** The provider's answer could not be trusted or read (bad token, failed exchange). */
  failed: 'login_failed',
} as const
export type SocialResultError = (typeof SocialResultError)[keyof typeof SocialResultError]

/** The query the result URI carries (step 2). */
export const SocialCallbackResult = Type.Union([
  Type.Object({ state: Type.String(), resultCode: Type.String() }),
  Type.Object({
    state: Type.String(),
    error: Type.Union([Type.Literal('access_denied'), Type.Literal('login_failed')]),
    errorDescription: Type.String(),
  }),
])
export type SocialCallbackResult = Static<typeof SocialCallbackResult>

export const SocialRedeemBody = Type.Object(
  { state: SocialToken, resultCode: SocialToken, redeemSecret: RedeemToken },
  { additionalProperties: false },
)
export type SocialRedeemBody = Static<typeof SocialRedeemBody>

export const SocialRedeemAnswer = Type.Object({
  session: EmbeddedSession,
  user: Type.Object({
    userId: Type.String(),
    /** The provider's e-mail when it gave one; not a login address of ours. */
    email: Type.Union([Type.String(), Type.Null()]),
    /** The name the provider gave (the spec's social username). */
    userName: Type.Union([Type.String(), Type.Null()]),
    socialProvider: SocialProviderName,
  }),
  wallet: Type.Union([EmbeddedWallet, Type.Null()]),
})
export type SocialRedeemAnswer = Static<typeof SocialRedeemAnswer>

/** The stable `error.code` of the refusals these routes make (besides the server-wide ones). */
export const SocialLoginErrorCode = {
  /** 400: the provider has no configuration on this server. */
  providerUnavailable: 'SOCIAL_PROVIDER_UNAVAILABLE',
  /** 400: the result URI is not an http(s) URL of the asking page's origin. */
  resultUriRefused: 'SOCIAL_RESULT_URI_REFUSED',
  /** 401: the state and result code do not make a live, unused pair. */
  resultInvalid: 'SOCIAL_RESULT_INVALID',
} as const
