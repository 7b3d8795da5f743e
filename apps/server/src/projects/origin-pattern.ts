// Allowed-origin patterns and the matching of a request's Origin header against them.
//
// A pattern is `*` (any origin) or `[scheme://][*.]host[:port]`:
// - no scheme: http and https both match;
// - `*.` matches one or more subdomain labels, never the bare domain, and only at a label
//   boundary (`*.vercel.app` matches `a.vercel.app` and `a.b.vercel.app`, not `vercel.app` and
//   not `evilvercel.app`);
// - no port: only the scheme's default port; `:*` any port; `:8080` that port.
import { InvalidOriginPatternError } from '../errors'

export type OriginPattern =
  | { kind: 'any' }
  | {
      kind: 'host'
      scheme: 'http' | 'https' | undefined
      host: string
      subdomains: boolean
      port: string | undefined
    }

const PATTERN = /^(?:(https?):\/\/)?(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\*|[0-9]{1,5}))?\/?$/
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export function parseOriginPattern(pattern: string): OriginPattern {
  const text = pattern.trim().toLowerCase()
  if (text === '*') return { kind: 'any' }
  const match = PATTERN.exec(text)
  if (!match) throw new InvalidOriginPatternError(pattern)
  const [, scheme, wildcard, host = '', port] = match
  const labels = host.split('.')
  if (!labels.every((label) => LABEL.test(label))) throw new InvalidOriginPatternError(pattern)
  // `*.com` would admit a whole top-level domain: a wildcard needs a registrable name under it.
  if (wildcard && labels.length < 2) throw new InvalidOriginPatternError(pattern)
  if (port !== undefined && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) {
    throw new InvalidOriginPatternError(pattern)
  }
  return {
    kind: 'host',
    scheme: scheme === 'http' || scheme === 'https' ? scheme : undefined,
    host,
    subdomains: wildcard !== undefined,
    port,
  }
}

/** The canonical text of a pattern, as it is stored. Throws InvalidOriginPatternError. */
export function normaliseOriginPattern(pattern: string): string {
  const parsed = parseOriginPattern(pattern)
  if (parsed.kind === 'any') return '*'
  const scheme = parsed.scheme ? `${parsed.scheme}://` : ''
  const wildcard = parsed.subdomains ? '*.' : ''
  const port = parsed.port !== undefined ? `:${parsed.port}` : ''
  return `${scheme}${wildcard}${parsed.host}${port}`
}

interface RequestOrigin {
  scheme: 'http' | 'https'
  host: string
  port: string
}

/** An Origin header as browsers send it (`scheme://host[:port]`), or undefined if it is not one. */
export function parseRequestOrigin(origin: string): RequestOrigin | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  // Anything beyond scheme, host and port (a path, credentials, a different spelling) is not
  // an origin a browser sends.
  if (url.origin !== origin) return undefined
  return { scheme: url.protocol === 'http:' ? 'http' : 'https', host: url.hostname, port: url.port }
}

function hostMatches(host: string, pattern: { host: string; subdomains: boolean }): boolean {
  if (!pattern.subdomains) return host === pattern.host
  return host.endsWith(`.${pattern.host}`)
}

export function originMatchesPattern(origin: RequestOrigin, pattern: OriginPattern): boolean {
  if (pattern.kind === 'any') return true
  if (pattern.scheme !== undefined && pattern.scheme !== origin.scheme) return false
  if (
    pattern.port === undefined
      ? origin.port !== ''
      : pattern.port !== '*' && pattern.port !== origin.port
  ) {
    return false
  }
  return hostMatches(origin.host, pattern)
}

/** Compiles the patterns once; the matcher admits an Origin header any pattern admits. */
export function createOriginMatcher(patterns: readonly string[]): (origin: string) => boolean {
  const compiled: OriginPattern[] = []
  for (const pattern of patterns) {
    try {
      compiled.push(parseOriginPattern(pattern))
    } catch {
      // A bad stored pattern admits nothing; it never widens the list.
    }
  }
  return (origin) => {
    const parsed = parseRequestOrigin(origin)
    return parsed !== undefined && compiled.some((pattern) => originMatchesPattern(parsed, pattern))
  }
}

export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return createOriginMatcher(patterns)(origin)
}
