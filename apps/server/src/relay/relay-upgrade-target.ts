// An upgrade's request target read as raw text, before `new URL` and URLSearchParams parse it:
// URLSearchParams took about 150 µs to decode the query of a 15 KB target (the URL alone
// 20 µs, a 400-character token 3.5 µs; Node 20 on this machine), so an oversized token or
// target is refused by its length before either runs.

/**
 * Longest request target the relay parses (ours): an SDK's is well under 1 KB (a JWT of about
 * 400 characters, the project id, its user agent); Node's own limit is its 16 KB of headers.
 */
export const MAX_UPGRADE_TARGET_CHARS = 8_192

/**
 * The length the first query parameter `name` decodes to, read without decoding it: its raw
 * length when it holds no percent-escape (`+` decodes to one character too); undefined when it
 * is absent or escaped (that one is measured after the parse, as before).
 */
export function plainQueryValueChars(target: string, name: string): number | undefined {
  const query = target.indexOf('?')
  if (query === -1) return undefined
  const prefix = `${name}=`
  let at = query + 1
  for (;;) {
    const next = target.indexOf('&', at)
    const end = next === -1 ? target.length : next
    if (target.startsWith(prefix, at)) {
      const start = at + prefix.length
      const percent = target.indexOf('%', start)
      return percent !== -1 && percent < end ? undefined : end - start
    }
    if (next === -1) return undefined
    at = next + 1
  }
}
