// Reads an HTTP Retry-After header: delay-seconds or an HTTP date.

/** Milliseconds to wait, or undefined if the header is absent or unreadable. */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number,
): number | undefined {
  if (header === null || header === undefined) return undefined
  const text = header.trim()
  if (/^[0-9]+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}
