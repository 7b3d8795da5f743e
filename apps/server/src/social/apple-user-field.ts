// Apple's `user` form field: JSON Apple posts with the callback only on a person's first consent
// to the app, e.g. {"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"..."}. It is not
// signed, so only the name is taken (the e-mail comes from the checked id token), and anything
// that does not look exactly like Apple's shape gives no name rather than failing the login.

/** Longer text is not Apple's and is not parsed at all. */
export const APPLE_USER_FIELD_MAX_CHARS = 2048
const PART_MAX_CHARS = 50
const NAME_MAX_CHARS = 100
// Control characters (line breaks, escapes) have no place in a name shown to the person;
// format characters stay, as joiners belong in some scripts' names.
const UNPRINTABLE = /\p{Cc}/u

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A part of the name trimmed, '' when absent; undefined when it is not a plausible one. */
function partOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') return undefined
  const part = value.trim()
  return part.length <= PART_MAX_CHARS && !UNPRINTABLE.test(part) ? part : undefined
}

/** "First Last" from the field, or null when it is absent, malformed or names nobody. */
export function nameFromAppleUser(field: string | undefined): string | null {
  if (field === undefined || field.length > APPLE_USER_FIELD_MAX_CHARS) return null
  let user: unknown
  try {
    user = JSON.parse(field)
  } catch {
    return null
  }
  if (!isRecord(user) || !isRecord(user.name)) return null
  const first = partOf(user.name.firstName)
  const last = partOf(user.name.lastName)
  if (first === undefined || last === undefined) return null
  const name = [first, last].filter((part) => part !== '').join(' ')
  return name !== '' && name.length <= NAME_MAX_CHARS ? name : null
}
