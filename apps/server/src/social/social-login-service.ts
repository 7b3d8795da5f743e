// Social login's rules: a start makes the state (stored as a hash) and answers the begin URL
// (social-begin.ts sends the browser on to the provider and binds the login to it); the
// callback, in the browser that began, spends the state, exchanges the code, learns the person
// and leaves a one-time result code; the redeem spends that code for an embedded wallet
// session, as a verified e-mail code does. The PKCE verifier and the OpenID nonce are derived
// from the state with a server key, so neither is stored.

import { createHmac, randomBytes } from 'node:crypto'
import { routePath, SOCIAL_BEGIN_PATH, SOCIAL_CALLBACK_PATH } from '@portico/protocol/route-paths'
import {
  SOCIAL_RESULT_TTL_SECONDS,
  SOCIAL_STATE_TTL_SECONDS,
  type SocialProvider,
  type SocialRedeemAnswer,
  SocialResultError,
  type SocialStartAnswer,
} from '@portico/protocol/social-login'
import type { Clock } from '../cache/cache'
import type { RateLimiter } from '../cache/rate-limiter'
import type { Database } from '../db/database'
import { createEmbeddedSession } from '../embedded-wallet/embedded-sessions'
import type { EmailCodeLimits } from '../embedded-wallet/embedded-wallet-constants'
import { findWallet } from '../embedded-wallet/embedded-wallets'
import type { PublicApiUrl } from '../http/public-api-url'
import { enforceRateLimit } from '../http/rate-limit'
import { nameFromAppleUser } from './apple-user-field'
import { browserBegan, clearedBindingCookie } from './social-browser-binding'
import type { SocialLoginConfig } from './social-config'
import { ProviderUnavailableError, ResultInvalidError } from './social-errors'
import {
  exchangeCode,
  ProviderAnswerError,
  personFromIdToken,
  personFromUserInfo,
} from './social-exchange'
import { boundState, stateAcceptsSecret } from './social-redeem-binding'
import {
  claimState,
  findOrCreateIdentityUser,
  insertResult,
  insertState,
  redeemResult,
  type StartedLogin,
} from './social-store'

export interface SocialLoginService {
  db: Database
  config: SocialLoginConfig
  /** Our API's origin as browsers reach it (never a request's Host header). */
  publicApiUrl: PublicApiUrl
  /** Derives each state's PKCE verifier and nonce (from the share seal key, never stored). */
  secret: Buffer
  rateLimiter: RateLimiter
  clock: Clock
  limits: EmailCodeLimits
}

const randomToken = () => randomBytes(32).toString('base64url')
/** A state's PKCE verifier ('pkce') or OpenID nonce ('nonce'). */
export const derive = (secret: Buffer, purpose: 'pkce' | 'nonce', state: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${state}`).digest('base64url')

/** Our server's origin as browsers and providers reach it: begin and callbacks live there. */
const publicBaseOf = (service: SocialLoginService) =>
  service.config.callbackBaseUrl ?? service.publicApiUrl.origin

export function callbackUrlOf(service: SocialLoginService, provider: SocialProvider): string {
  return `${publicBaseOf(service)}${routePath(SOCIAL_CALLBACK_PATH, { provider })}`
}

/** Whether browsers reach us over https: the binding cookie is then Secure, with __Host-. */
export const isSecure = (service: SocialLoginService) => publicBaseOf(service).startsWith('https:')

/**
 * The client a project's logins use at `provider`: its own, registered under the site's name,
 * else the server-wide one. Begin and callback both take it from the login's stored project,
 * so a code given to another project's client is never exchanged as this one's.
 */
export function providerConfig(
  service: SocialLoginService,
  provider: SocialProvider,
  projectId: string,
) {
  const config =
    service.config.projectClients[projectId]?.[provider] ?? service.config.providers[provider]
  if (!config) throw new ProviderUnavailableError(provider)
  return config
}

/** Whether some client, server-wide or a project's, logs in at `provider`. */
const isServed = (service: SocialLoginService, provider: SocialProvider) =>
  service.config.providers[provider] !== undefined ||
  Object.values(service.config.projectClients).some((clients) => clients[provider])

export async function startSocialLogin(
  service: SocialLoginService,
  client: string,
  login: StartedLogin,
  redeemChallenge: string,
): Promise<SocialStartAnswer> {
  providerConfig(service, login.provider, login.projectId)
  await enforceRateLimit(service.rateLimiter, `social-start-ip:${client}`, service.limits.perIp)
  await enforceRateLimit(
    service.rateLimiter,
    `social-start-project:${login.projectId}`,
    service.limits.perProject,
  )
  const now = service.clock()
  const state = boundState(service.secret, redeemChallenge)
  const expiresAt = new Date(now + SOCIAL_STATE_TTL_SECONDS * 1000)
  await insertState(service.db, state, login, now, expiresAt)
  return {
    beginUrl: `${publicBaseOf(service)}${SOCIAL_BEGIN_PATH}`,
    state,
    expiresAt: expiresAt.toISOString(),
  }
}

/**
 * What the callback answers: a 303 to this URL, or a plain 400 page when the state is not ours
 * or this browser did not begin it; `cookie` takes the used binding away.
 */
export type CallbackOutcome = ({ redirect: string } | { refused: string }) & { cookie?: string }

/** The page a login link ends on in a browser that did not begin the login. */
export const NOT_BEGUN_HERE_MESSAGE =
  'This login was started in another browser or on another site, so it cannot finish here. To sign in, start again from the site itself.'

export interface CallbackInput {
  state: string | undefined
  code: string | undefined
  error: string | undefined
  /** Apple's `user` field from its form post (no other provider's, no other way in). */
  appleUser?: string | undefined
}

function resultUrl(login: StartedLogin, params: Record<string, string>): string {
  const url = new URL(login.resultUri)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.href
}

/** Whether this request's browser began the login of `state` (its binding cookie). */
export function browserBeganLogin(
  service: SocialLoginService,
  state: string,
  cookieHeader: string | undefined,
): boolean {
  return browserBegan(service.secret, state, isSecure(service), cookieHeader)
}

export async function finishSocialLogin(
  service: SocialLoginService,
  client: string,
  provider: SocialProvider,
  input: CallbackInput,
  cookieHeader: string | undefined,
  log: (message: string) => void,
): Promise<CallbackOutcome> {
  const { state } = input
  if (!isServed(service, provider) || state === undefined)
    return { refused: 'This login is unknown or has expired.' }
  await enforceRateLimit(
    service.rateLimiter,
    `social-callback-ip:${client}`,
    service.limits.verifyPerIp,
  )
  // Before the state is spent: a browser that did not begin the login changes nothing.
  if (!browserBeganLogin(service, state, cookieHeader)) return { refused: NOT_BEGUN_HERE_MESSAGE }
  const outcome = await finishBegunLogin(service, provider, input, state, log)
  return { ...outcome, cookie: clearedBindingCookie(state, isSecure(service)) }
}

async function finishBegunLogin(
  service: SocialLoginService,
  provider: SocialProvider,
  input: CallbackInput,
  state: string,
  log: (message: string) => void,
): Promise<CallbackOutcome> {
  const now = service.clock()
  if (input.error !== undefined) {
    // The person refused (or the provider failed before a code): tell the page, keep nothing.
    const login = await claimState(service.db, state, provider, now)
    if (!login) return { refused: 'This login is unknown or has expired.' }
    const denied = input.error === 'access_denied'
    return {
      redirect: resultUrl(login, {
        state,
        error: denied ? SocialResultError.denied : SocialResultError.failed,
        errorDescription: denied
          ? `The ${provider} login was cancelled`
          : `The ${provider} login failed`,
      }),
    }
  }
  if (input.code === undefined) return { refused: 'The provider gave no code.' }
  const login = await claimState(service.db, state, provider, now)
  if (!login) return { refused: 'This login is unknown, expired or already used.' }
  const config = providerConfig(service, provider, login.projectId)
  try {
    const tokens = await exchangeCode(
      config,
      input.code,
      callbackUrlOf(service, provider),
      derive(service.secret, 'pkce', state),
      now,
    )
    const told = config.openId
      ? await personFromIdToken(config, tokens.idToken, derive(service.secret, 'nonce', state))
      : await personFromUserInfo(config, tokens.accessToken)
    // Apple's id token never names the person; its form post does, on the first consent only,
    // so that name is kept with the identity for the logins after it.
    const person = told.name === null ? { ...told, name: nameFromAppleUser(input.appleUser) } : told
    const user = await findOrCreateIdentityUser(
      service.db,
      login.projectId,
      provider,
      person,
      now,
      provider === 'apple',
    )
    const resultCode = randomToken()
    const expiresAt = new Date(now + SOCIAL_RESULT_TTL_SECONDS * 1000)
    await insertResult(service.db, resultCode, state, login, user.id, user.userName, now, expiresAt)
    return { redirect: resultUrl(login, { state, resultCode }) }
  } catch (error) {
    if (!(error instanceof ProviderAnswerError)) throw error
    log(`social login with ${provider} failed: ${error.message}`)
    return {
      redirect: resultUrl(login, {
        state,
        error: SocialResultError.failed,
        errorDescription: `The ${provider} login failed`,
      }),
    }
  }
}

export async function redeemSocialLogin(
  service: SocialLoginService,
  client: string,
  projectId: string,
  state: string,
  resultCode: string,
  redeemSecret: string,
): Promise<SocialRedeemAnswer> {
  await enforceRateLimit(
    service.rateLimiter,
    `social-redeem-ip:${client}`,
    service.limits.verifyPerIp,
  )
  if (!stateAcceptsSecret(service.secret, state, redeemSecret)) throw new ResultInvalidError()
  const now = service.clock()
  const result = await redeemResult(service.db, projectId, state, resultCode, now)
  if (!result) throw new ResultInvalidError()
  const user = { id: result.userId, projectId, email: result.email }
  const session = await createEmbeddedSession(service.db, user, now)
  const wallet = await findWallet(service.db, result.userId)
  return {
    session: { token: session.token, expiresAt: session.expiresAt.toISOString() },
    user: {
      userId: result.userId,
      email: result.email,
      userName: result.userName,
      socialProvider: result.provider,
    },
    wallet: wallet ? { address: wallet.address } : null,
  }
}
