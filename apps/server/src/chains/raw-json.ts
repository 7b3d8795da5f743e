// JSON text cut into the raw texts of its parts, never parsed into numbers: JSON.parse turns
// 12345678901234567890 into 12345678901234567000, and the proxy must echo a caller's id (and
// pass the node's result) exactly as written. Node 20 has no JSON.parse source access, so this
// small scanner finds where each part begins and ends. It never recurses: any depth is safe.

export class RawJsonError extends Error {
  override readonly name = 'RawJsonError'
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const COMMA = 0x2c
const COLON = 0x3a

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09
}

function skipSpace(text: string, from: number): number {
  let at = from
  while (at < text.length && isSpace(text.charCodeAt(at))) at++
  return at
}

/** Index just past the string whose opening quote is at `from`. */
function stringEnd(text: string, from: number): number {
  let at = from + 1
  for (;;) {
    const quote = text.indexOf('"', at)
    if (quote < 0) throw new RawJsonError('unterminated string')
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    at = quote + 1
  }
}

/** Index just past the value that starts at `from` (no leading space). */
function valueEnd(text: string, from: number): number {
  const first = text.charCodeAt(from)
  if (first === QUOTE) return stringEnd(text, from)
  if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) {
    let at = from
    while (at < text.length) {
      const code = text.charCodeAt(at)
      if (code === COMMA || code === CLOSE_ARRAY || code === CLOSE_OBJECT || isSpace(code)) break
      at++
    }
    if (at === from) throw new RawJsonError('a value is missing')
    return at
  }
  let depth = 0
  let at = from
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (code === QUOTE) {
      at = stringEnd(text, at)
      continue
    }
    if (code === OPEN_ARRAY || code === OPEN_OBJECT) depth++
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--
      if (depth === 0) return at + 1
    }
    at++
  }
  throw new RawJsonError('unterminated array or object')
}

/** The raw texts between `open` and its closing bracket, split at the top level's commas. */
function parts(text: string, open: number, close: number, read: (from: number) => number) {
  const found: string[] = []
  let at = skipSpace(text, 0)
  if (text.charCodeAt(at) !== open) throw new RawJsonError('unexpected value')
  at = skipSpace(text, at + 1)
  if (text.charCodeAt(at) === close) return { found, end: at + 1 }
  for (;;) {
    const end = read(at)
    found.push(text.slice(at, end))
    at = skipSpace(text, end)
    const next = text.charCodeAt(at)
    if (next === close) return { found, end: at + 1 }
    if (next !== COMMA) throw new RawJsonError('expected a comma')
    at = skipSpace(text, at + 1)
  }
}

function expectEnd(text: string, end: number): void {
  if (skipSpace(text, end) !== text.length) throw new RawJsonError('text after the value')
}

/** The raw text of each element of the JSON array `text`. */
export function rawArrayItems(text: string): string[] {
  const { found, end } = parts(text, OPEN_ARRAY, CLOSE_ARRAY, (from) => valueEnd(text, from))
  expectEnd(text, end)
  return found
}

/** The raw text of each member's value of the JSON object `text`, by key (the last one wins). */
export function rawObjectMembers(text: string): Map<string, string> {
  const members = new Map<string, string>()
  const { end } = parts(text, OPEN_OBJECT, CLOSE_OBJECT, (from) => {
    if (text.charCodeAt(from) !== QUOTE) throw new RawJsonError('expected a key')
    const keyEnd = stringEnd(text, from)
    const valueStart = skipSpace(text, keyEnd)
    if (text.charCodeAt(valueStart) !== COLON) throw new RawJsonError('expected a colon')
    const start = skipSpace(text, valueStart + 1)
    const member = valueEnd(text, start)
    members.set(JSON.parse(text.slice(from, keyEnd)) as string, text.slice(start, member))
    return member
  })
  expectEnd(text, end)
  return members
}

/** Whether arrays and objects in `text` nest deeper than `limit` (scanning stops there). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let at = 0
  while (at < text.length) {
    const code = text.charCodeAt(at)
    if (code === QUOTE) {
      at = stringEnd(text, at)
      continue
    }
    if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth++
      if (depth > limit) return true
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--
    at++
  }
  return false
}
