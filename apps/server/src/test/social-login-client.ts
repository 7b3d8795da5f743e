// Social login tests' rig: the local identity provider (packages/devnet) and the real server
// pointed at it, and a small browser with a cookie jar: it posts the begin form as the host page
// would (with the page's Origin), follows the provider's redirects, fills the login page,
// answers the consent, and stops at our callback's 303 to the result URI. A test that plays an
// attacker and a victim gives each their own browser.
import {
  type RunningIdentityProvider,
  type StandInSite,
  socialLoginEnv,
  startIdentityProvider,
} from '@portico/devnet'
import type { EmailCodeLimits } from '../embedded-wallet/embedded-wallet-constants'
import { readSocialLoginConfig } from '../social/social-config'
import {
  type EmbeddedWalletRig,
  embeddedClient,
  startEmbeddedWalletRig,
} from './embedded-wallet-client'
import { redeemSecretPair } from './redeem-secret-pair'

/** The host page (the dev project allows 127.0.0.1 on any port) the popup comes back to. */
export const HOST_ORIGIN = 'http://127.0.0.1:5173'
export const RESULT_URI = `${HOST_ORIGIN}/social-result`

export interface SocialRig extends EmbeddedWalletRig {
  idp: RunningIdentityProvider
}

/**
 * `changeEnv` may point a provider elsewhere (a wrong key set, issuer...) before the server
 * reads it; `sites`: projects with a client of their own at the provider, under their names.
 */
export async function startSocialRig(
  changeEnv: (env: Record<string, string>, idp: RunningIdentityProvider) => void = () => {},
  limits: Partial<EmailCodeLimits> = {},
  sites: readonly StandInSite[] = [],
): Promise<SocialRig> {
  const idp = await startIdentityProvider({ sites })
  try {
    const env = socialLoginEnv(idp)
    changeEnv(env, idp)
    const rig = await startEmbeddedWalletRig(limits, {
      socialLogin: readSocialLoginConfig(env),
    })
    return {
      ...rig,
      idp,
      stop: async () => {
        await Promise.all([rig.stop(), idp.stop()])
      },
    }
  } catch (error) {
    await idp.stop()
    throw error
  }
}

/**
 * A browser's cookies. One jar for every host: our server and the identity provider both run on
 * 127.0.0.1, and browsers scope cookies by host, not port, so this is what one would send.
 */
export class Browser {
  readonly cookies = new Map<string, string>()

  /** Another browser holding the same cookies now (as if they had been copied out of this one). */
  copy(): Browser {
    const other = new Browser()
    for (const [name, value] of this.cookies) other.cookies.set(name, value)
    return other
  }

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (/;\s*max-age=0\b/i.test(line)) this.cookies.delete(pair.slice(0, at))
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }

  /** Follows 3xx until a URL `stop` accepts (not fetched) or a page that is not a redirect. */
  async follow(url: string, stop: (url: string) => boolean, init?: RequestInit) {
    let response = await this.go(url, init)
    let at = url
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || location === null) {
        return { url: at, response }
      }
      at = new URL(location, at).href
      if (stop(at)) return { url: at, response }
      response = await this.go(at)
    }
    throw new Error(`too many redirects from ${url}`)
  }
}

const formAction = (html: string, base: string) => {
  const action = /action="([^"]+)"/.exec(html)?.[1]
  if (action === undefined) throw new Error(`no form on the page: ${html.slice(0, 200)}`)
  return new URL(action.replaceAll('&amp;', '&'), base).href
}

// What oidc-provider's form_post escapes (Apple's `user` JSON has quotes); &amp; last.
const unescapeHtml = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

const postForm = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

export interface Person {
  name: string
  email: string
}

export interface ProviderRun {
  /** The consent page the person answered (its HTML), when a person answered one. */
  consentPage?: string
  /** Where the provider sent the browser: our callback with code and state (or error). */
  callbackUrl: string
  /** Apple's form post body, when the callback is posted. */
  callbackForm?: URLSearchParams
}

/**
 * Posts the begin form from a page at `pageOrigin` (null: no Origin header): its 303 to the
 * provider, with the binding cookie now in `browser`, or the refusal page.
 */
export function begin(
  browser: Browser,
  beginUrl: string,
  state: string,
  pageOrigin: string | null = HOST_ORIGIN,
): Promise<Response> {
  return browser.go(beginUrl, {
    ...postForm({ state }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(pageOrigin !== null && { origin: pageOrigin }),
    },
  })
}

/** The provider's page the begin form sent `browser` to (throws on a refusal). */
export async function begun(
  browser: Browser,
  started: { beginUrl: string; state: string },
  pageOrigin = HOST_ORIGIN,
): Promise<string> {
  const response = await begin(browser, started.beginUrl, started.state, pageOrigin)
  const location = response.headers.get('location')
  if (response.status !== 303 || location === null)
    throw new Error(`begin: ${response.status} ${await response.text()}`)
  return location
}

/** Drives the provider's pages in `browser`: login as `person`, then allow or deny the consent. */
export async function throughProvider(
  browser: Browser,
  callbackBase: string,
  authorizationUrl: string,
  person: Person,
  decision: 'allow' | 'deny' = 'allow',
): Promise<ProviderRun> {
  const isOurs = (url: string) => url.startsWith(callbackBase)
  const login = await browser.follow(authorizationUrl, isOurs)
  const loginPage = await login.response.text()
  if (!loginPage.includes('name="email"'))
    throw new Error(`not a login page: ${loginPage.slice(0, 200)}`)
  const consent = await browser.follow(
    formAction(loginPage, login.url),
    isOurs,
    postForm({ ...person }),
  )
  const consentPage = await consent.response.text()
  const back = await browser.follow(
    formAction(consentPage, consent.url),
    isOurs,
    postForm({ decision }),
  )
  if (isOurs(back.url)) return { consentPage, callbackUrl: back.url }
  // form_post: the provider answers a page that posts the result to our callback.
  const page = await back.response.text()
  const fields = new URLSearchParams()
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(match[1] as string, unescapeHtml(match[2] as string))
  }
  return { consentPage, callbackUrl: formAction(page, back.url), callbackForm: fields }
}

/**
 * Our callback's answer in `browser` (after Apple's post, the GET it is sent back to): its 303
 * to the result URI read as query parameters, or the page it showed instead.
 */
export async function callBack(
  browser: Browser,
  run: ProviderRun,
): Promise<{ status: number; result?: URLSearchParams; page?: string }> {
  const callbackOrigin = new URL(run.callbackUrl).origin
  const { response } = await browser.follow(
    run.callbackUrl,
    (url) => new URL(url).origin !== callbackOrigin,
    run.callbackForm && postForm(Object.fromEntries(run.callbackForm)),
  )
  const location = response.headers.get('location')
  if (location === null) return { status: response.status, page: await response.text() }
  return { status: response.status, result: new URL(location).searchParams }
}

export function socialClient(rig: () => SocialRig) {
  const { call } = embeddedClient(rig)
  // One frame's secret unless a test brings its own: start and redeem match by default.
  const frame = redeemSecretPair()
  const start = (provider: string, resultUri = RESULT_URI, redeemChallenge = frame.challenge) =>
    call('/social/start', { body: { provider, resultUri, redeemChallenge } })
  const redeem = (state: string, resultCode: string, redeemSecret = frame.secret) =>
    call('/social/redeem', { body: { state, resultCode, redeemSecret } })

  /** start, then begin as the host page would: the state, the provider's page, the browser. */
  async function startBegun(
    provider: string,
    resultUri = RESULT_URI,
    redeemChallenge = frame.challenge,
  ): Promise<{ state: string; authorizationUrl: string; browser: Browser }> {
    const started = await start(provider, resultUri, redeemChallenge)
    if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`)
    const answer = (await started.json()) as { beginUrl: string; state: string }
    const browser = new Browser()
    return { state: answer.state, authorizationUrl: await begun(browser, answer), browser }
  }

  /** start -> begin -> provider -> callback -> redeem, in one browser; the redeem's JSON (expects 200s). */
  async function socialLogin(provider: string, person: Person) {
    const { state, authorizationUrl, browser } = await startBegun(provider)
    const run = await throughProvider(browser, rig().server.url, authorizationUrl, person)
    const back = await callBack(browser, run)
    const resultCode = back.result?.get('resultCode')
    if (back.status !== 303 || !resultCode)
      throw new Error(`callback: ${back.status} ${back.result}`)
    const redeemed = await redeem(state, resultCode)
    if (redeemed.status !== 200)
      throw new Error(`redeem: ${redeemed.status} ${await redeemed.text()}`)
    return redeemed.json()
  }
  return { call, start, startBegun, redeem, socialLogin }
}
