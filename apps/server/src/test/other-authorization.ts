// Authorization headers that are not `Bearer <token>` exactly: random text, a random bearer,
// and the near misses a lenient parser would let through (case, spacing, a changed token).
import fc from 'fast-check'

export function otherAuthorization(token: string): fc.Arbitrary<string> {
  const printable = fc.string({ maxLength: 120 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''))
  return fc
    .oneof(
      printable,
      printable.map((text) => `Bearer ${text}`),
      fc.constant(`Bearer ${token} `),
      fc.constant(`bearer ${token}`),
      fc.constant(`Bearer  ${token}`),
      fc.constant(`Bearer ${token.toUpperCase()}`),
    )
    .filter((value) => value.trim() !== `Bearer ${token}`)
}
