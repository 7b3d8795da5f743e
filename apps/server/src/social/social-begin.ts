// The begin step of a social login: the host page posts the state as a form from the window
// that is to log in, and we send that window to the provider. Two things are checked that only
// a real browser on the right page can show: the Origin header (set by the browser, not by the
// page) must be the result URI's origin, which the project allowed at start; and each state
// begins once. The answer sets the cookie that binds the login to this browser
// (social-browser-binding.ts), so the provider's callback in any other browser is refused.
import { createHash } from 'node:crypto'
import { enforceRateLimit } from '../http/rate-limit'
import { bindingCookie } from './social-browser-binding'
import {
  callbackUrlOf,
  derive,
  isSecure,
  providerConfig,
  type SocialLoginService,
} from './social-login-service'
import { claimBegin, findUnbegunState, type StartedLogin } from './social-store'

/** A 303 to the provider with the binding cookie, or a plain refusal page. */
export type BeginOutcome = { authorizationUrl: string; cookie: string } | { refused: string }

const GONE = 'This login is unknown, has expired or is already under way. Start it again.'
const ELSEWHERE = 'This login can only be started from the site that asked for it.'

function authorizationUrlOf(
  service: SocialLoginService,
  login: StartedLogin,
  state: string,
): string {
  const { provider } = login
  const config = providerConfig(service, provider, login.projectId)
  const verifier = derive(service.secret, 'pkce', state)
  const url = new URL(config.authorizationUrl)
  const query = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: callbackUrlOf(service, provider),
    scope: config.scopes.join(' '),
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(config.openId && { nonce: derive(service.secret, 'nonce', state) }),
    ...(config.formPost && { response_mode: 'form_post' }),
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.href
}

/** `pageOrigin`: the begin request's Origin header as the browser sent it (undefined: none). */
export async function beginSocialLogin(
  service: SocialLoginService,
  client: string,
  state: string,
  pageOrigin: string | undefined,
): Promise<BeginOutcome> {
  await enforceRateLimit(
    service.rateLimiter,
    `social-begin-ip:${client}`,
    service.limits.verifyPerIp,
  )
  const now = service.clock()
  const login = await findUnbegunState(service.db, state, now)
  if (!login) return { refused: GONE }
  // Exact match with the one origin stored at start: an allow list of one, so a missing,
  // `null` or look-alike Origin never passes.
  if (pageOrigin !== new URL(login.resultUri).origin) return { refused: ELSEWHERE }
  if (!(await claimBegin(service.db, state, now))) return { refused: GONE }
  return {
    authorizationUrl: authorizationUrlOf(service, login, state),
    cookie: bindingCookie(service.secret, state, isSecure(service)),
  }
}
