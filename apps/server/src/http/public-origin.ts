// Reading a configured public origin (PORTICO_API_PUBLIC_URL, PORTICO_FRAME_PUBLIC_URL): the
// address browsers reach a listener at, behind a proxy or TLS, as an http(s) origin and nothing
// after it (a trailing slash is dropped).

/** The origin, or undefined when unset. Throws RangeError on anything else. */
export function readPublicOrigin(name: string, value: string | undefined): string | undefined {
  const text = value?.trim()
  if (text === undefined || text === '') return undefined
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  const plain = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash
  if (!url || !plain || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username) {
    throw new RangeError(`${name} must be an http(s) origin such as https://frame.example.com`)
  }
  return url.origin
}
