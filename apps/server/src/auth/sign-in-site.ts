// Whether a sign-in names the site that asks for it: the `domain` and `uri` a person signs (a
// CAIP-122 message, or what a Farcaster channel fixes for one) must be the asking page's own
// (its Origin header, which the project guard has already allowed), or, when no browser asks
// (no Origin), a site among the project's allowed origins with the URI on that domain. Wallet
// sign-in and Sign In With Farcaster both ask here, each answering a mismatch in its own words.
import { parseRequestOrigin } from '../projects/origin-pattern'

export interface SignInSite {
  /** Host and optional port, as the message's first line names it. */
  domain: string
  /** An absolute URI (checked to parse before it comes here). */
  uri: string
  /** The scheme the message's first line may put before the domain. */
  scheme?: string
}

export type SignInSiteMismatch =
  /** The domain (or its scheme) is not the asking page's. */
  | 'domain-not-origin'
  /** The URI is not on the asking page's origin. */
  | 'uri-not-origin'
  /** No page asks, and the URI is not on the domain. */
  | 'uri-not-domain'
  /** No page asks, and the site is none of the project's allowed origins. */
  | 'origin-not-allowed'

/** What is wrong with `site` for a request from `origin`, or undefined when it is the asker's. */
export function signInSiteMismatch(
  site: SignInSite,
  allowsOrigin: (origin: string) => boolean,
  origin: string | undefined,
): SignInSiteMismatch | undefined {
  const uri = new URL(site.uri)
  const domain = site.domain.toLowerCase()
  if (origin !== undefined && parseRequestOrigin(origin)) {
    const originUrl = new URL(origin)
    if (originUrl.host !== domain) return 'domain-not-origin'
    if (site.scheme !== undefined && `${site.scheme.toLowerCase()}:` !== originUrl.protocol) {
      return 'domain-not-origin'
    }
    return uri.origin === originUrl.origin ? undefined : 'uri-not-origin'
  }
  if (uri.host !== domain) return 'uri-not-domain'
  return allowsOrigin(uri.origin) ? undefined : 'origin-not-allowed'
}
