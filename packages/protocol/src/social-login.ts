// Social login into the embedded wallet (/v1/embedded-wallet/social/...): OAuth 2.0
// authorization code with PKCE, run by our server against each provider. The flow:
//
//   1. The frame makes a redeem secret, keeps it, and asks
//      POST /v1/embedded-wallet/social/start?projectId=  SocialStartBody (with the secret's
//      SHA-256 as redeemChallenge) -> SocialStartAnswer: the begin URL and the state, which the
//      frame keeps with the secret. The result URI must be on the host page's own origin, one
//      of the project's allowed origins.
//   2. The host page sends the window that is to log in (the popup, or the tab itself) to the
//      begin URL with an HTML form post of SocialBeginForm: POST
//      /v1/embedded-wallet/social/begin. The server takes it only when the browser's Origin
//      header is the result URI's origin, once per state; it then sets a cookie binding the
//      login to this browser and answers 303 to the provider's authorization URL.
//   3. The person logs in and consents at the provider, which sends the browser to our
//      callback: GET /v1/embedded-wallet/social/callback/:provider (apple: POST, form_post,
//      which the server turns into a GET of the same URL so the binding cookie comes along).
//      Without the binding cookie of step 2 the callback refuses, so a login link sent to
//      someone else ends there. Otherwise the server finishes the code exchange, checks the id
//      token (OpenID providers) or reads the user-info endpoint (the others), finds or makes
//      the user, and answers 303 to the resultUri with SocialCallbackResult in its query:
//      `state` and `resultCode`, or `state`, `error` and `errorDescription`.
//   4. That result URI comes back to the frame, which checks the state is its own and redeems
//      POST /v1/embedded-wallet/social/redeem?projectId=  SocialRedeemBody -> SocialRedeemAnswer
//      (a session as the e-mail verify route gives, plus the provider and the user name),
//      presenting the redeem secret.
//
// So a login is finished only in the browser that began it from the site it was started for,
// and redeemed only by the frame that holds the secret: a result URI that leaks (history, logs,
// a page's scripts) is worthless to anyone else. The state and the result code are single use
// and short lived. Refusals are ErrorAnswer (begin and callback: a plain HTML page, as they are
// pages the browser shows).
import { type Static, Type } from 'typebox'
import { EmbeddedSession, EmbeddedWallet, RedeemToken } from './embedded-wallet-api'

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

/** Largest form accepted: Apple's callback with its one-time `user` field is the biggest. */
export const SOCIAL_FORM_BODY_LIMIT = 8192

const Short = (max: number) => Type.Optional(Type.String({ maxLength: max }))

/** What providers send back: ours, plus the extras Google and Apple add (ignored, but for Apple's `user`). */
export const SocialCallbackForm = Type.Object(
  {
    state: Short(100),
    code: Short(2048),
    error: Short(100),
    error_description: Short(500),
    error_uri: Short(500),
    iss: Short(500),
    scope: Short(500),
    authuser: Short(20),
    prompt: Short(50),
    hd: Short(255),
    // Apple posts the person's name once, as JSON text (the server's apple-user-field.ts). Bounded only by
    // the body: an overlong one is ignored there rather than refused here, which would fail
    // the login.
    user: Short(SOCIAL_FORM_BODY_LIMIT),
    /** Ours, on the GET that Apple's post is turned into: where that post was kept. */
    post: Short(64),
  },
  { additionalProperties: false },
)
export type SocialCallbackForm = Static<typeof SocialCallbackForm>

/** The path of the provider callback: which provider answers. */
export const SocialCallbackParams = Type.Object(
  { provider: SocialProviderName },
  { additionalProperties: false },
)
export type SocialCallbackParams = Static<typeof SocialCallbackParams>

const SocialToken = Type.String({ pattern: SOCIAL_TOKEN_PATTERN })

export const SocialStartBody = Type.Object(
  {
    provider: SocialProviderName,
    /**
     * Where the callback sends the browser with the result: an http(s) URL on the host page's
     * own origin, which must be one of the project's allowed origins. The begin step (2) is
     * taken only from a page of this origin.
     */
    resultUri: Type.String({ minLength: 1, maxLength: SOCIAL_RESULT_URI_MAX_LENGTH }),
    /** base64url(SHA-256(redeemSecret)): only the holder of the secret may redeem the result. */
    redeemChallenge: RedeemToken,
  },
  { additionalProperties: false },
)
export type SocialStartBody = Static<typeof SocialStartBody>

export const SocialStartAnswer = Type.Object({
  /**
   * Where the host page posts SocialBeginForm, targeting the window that is to log in: our
   * server's begin route, which answers 303 to the provider's login page.
   */
  beginUrl: Type.String(),
  state: Type.String(),
  /** ISO time after which the callback is refused. */
  expiresAt: Type.String(),
})
export type SocialStartAnswer = Static<typeof SocialStartAnswer>

/** The form the host page posts to the begin URL (application/x-www-form-urlencoded). */
export const SocialBeginForm = Type.Object({ state: SocialToken }, { additionalProperties: false })
export type SocialBeginForm = Static<typeof SocialBeginForm>

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
  /** 400: the result URI is not an http(s) URL on one of the project's allowed origins. */
  resultUriRefused: 'SOCIAL_RESULT_URI_REFUSED',
  /** 401: the state and result code do not make a live, unused pair. */
  resultInvalid: 'SOCIAL_RESULT_INVALID',
} as const
