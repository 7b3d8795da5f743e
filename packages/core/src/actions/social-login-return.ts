// The only part of social login the page carries before any click: knowing, at start, that this
// page load is a social login coming back (docs/product.md#social-login). The result URI our
// server sends the browser to is the page's own URL with SOCIAL_RESULT_PARAMETER naming the
// provider (and the server's state and result code or error added to it). Everything else is in
// the lazy social-login chunk.

/** The query parameter of our result URIs: which provider the page is coming back from. */
export const SOCIAL_RESULT_PARAMETER = 'portico_social'

/** Whether `href` is a social login's result URI (the lazy chunk reads it properly). */
export function isSocialLoginReturn(href: string | undefined): boolean {
  return href !== undefined && /[?&]portico_social=[^&#]/.test(href) && /[?&]state=/.test(href)
}
