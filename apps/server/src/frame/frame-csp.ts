// The frame page's Content-Security-Policy. Its scripts and styles come only from its own
// origin (no inline code, no eval: TypeBox runs in its interpreting mode there), it may fetch
// only our API, and `frame-ancestors` names the one page origin it was loaded for, already
// checked against the project's allowed origins: a browser refuses to show it anywhere else.
export function frameContentSecurityPolicy(apiOrigin: string, pageOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${apiOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${pageOrigin}`,
  ].join('; ')
}

/** For refusals and assets: nothing runs, nothing frames it. */
export const FRAME_REFUSAL_CSP = "default-src 'none'; frame-ancestors 'none'"
