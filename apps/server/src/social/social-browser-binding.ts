// Ties a social login to the browser that began it. The begin route sets a cookie whose value
// is an HMAC of the state under a server key; the provider's callback finishes the login only
// when the browser brings that cookie back. A login link (the provider's page with our state)
// sent to someone else therefore ends at the callback in their browser, which never began it,
// before any code is exchanged or result made.
//
// One cookie per state (its name carries a short hash of the state), so two logins under way
// in one browser do not overwrite each other. HttpOnly (no script reads it), SameSite=Lax (a
// top-level GET from the provider brings it; Apple's cross-site form post does not, which is
// why its callback turns the post into a GET first), Secure and the __Host- prefix when the
// callback is https (no subdomain can plant one).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { SOCIAL_STATE_TTL_SECONDS } from '@portico/protocol/social-login'

const NAME_PREFIX = 'portico-social-'

function cookieName(state: string, secure: boolean): string {
  const id = createHash('sha256').update(state).digest('hex').slice(0, 16)
  return `${secure ? '__Host-' : ''}${NAME_PREFIX}${id}`
}

function bindingOf(secret: Buffer, state: string): string {
  return createHmac('sha256', secret).update(`browser binding\n${state}`).digest('base64url')
}

function attributes(secure: boolean, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The Set-Cookie value the begin route answers: this browser may finish `state`. */
export function bindingCookie(secret: Buffer, state: string, secure: boolean): string {
  return `${cookieName(state, secure)}=${bindingOf(secret, state)}; ${attributes(secure, SOCIAL_STATE_TTL_SECONDS)}`
}

/** The Set-Cookie value that takes the binding away once the callback has used it. */
export function clearedBindingCookie(state: string, secure: boolean): string {
  return `${cookieName(state, secure)}=; ${attributes(secure, 0)}`
}

/** Whether the request's Cookie header holds the binding of `state`. */
export function browserBegan(
  secret: Buffer,
  state: string,
  secure: boolean,
  cookieHeader: string | undefined,
): boolean {
  const name = cookieName(state, secure)
  const expected = Buffer.from(bindingOf(secret, state))
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at < 0 || pair.slice(0, at).trim() !== name) continue
    const value = Buffer.from(pair.slice(at + 1).trim())
    if (value.length === expected.length && timingSafeEqual(value, expected)) return true
  }
  return false
}
