// The shapes and ranges of the relay protocol's params (WalletConnect relay RPC), checked before
// a method does any work. Every check is a loop over characters or a comparison: no regular
// expression, nothing allocated but the lists a method returns.
import { RelayRpcError } from './relay-rpc'

/** A topic is a sha256 in hex: 64 characters, lower case as the SDKs send it. */
export const TOPIC_LENGTH = 64
/** The relay spec's TTL range, in seconds: pings use 30, most messages 300, at most 30 days. */
export const MIN_TTL_SECONDS = 30
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Tags are the spec's u32, kept in an `integer` column. */
export const MAX_TAG = 2 ** 31 - 1

export type Params = Record<string, unknown>

/** String.prototype.isWellFormed (ES2024, native in Node 20), not yet in the project's lib. */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed()

/** 0-9 and a-f only: an upper-case spelling would be a second name for the same topic. */
export function isLowerHex(text: string, length: number): boolean {
  if (text.length !== length) return false
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    // '0'-'9' or 'a'-'f'
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false
  }
  return true
}

export const isTopic = (value: unknown): value is string =>
  typeof value === 'string' && isLowerHex(value, TOPIC_LENGTH)

export function object(params: unknown, name = 'params'): Params {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new RelayRpcError('invalidParams', `${name} must be an object`)
  }
  return params as Params
}

export function topic(params: Params, name: string): string {
  const value = params[name]
  if (!isTopic(value)) {
    throw new RelayRpcError('invalidParams', `${name} must be 64 lower-case hex characters`)
  }
  return value
}

/** A list of at most `max` entries, checked for its length before any entry is read. */
export function list(params: Params, name: string, max: number): unknown[] {
  const value = params[name]
  if (!Array.isArray(value)) throw new RelayRpcError('invalidParams', `${name} must be a list`)
  if (value.length > max) {
    throw new RelayRpcError('invalidParams', `${name} must hold at most ${max} entries`)
  }
  return value
}

/** Longer than the client's topic limit, a list is refused as that limit's own error. */
export function topicList(params: Params, name: string, max: number): string[] {
  const value = params[name]
  if (!Array.isArray(value)) throw new RelayRpcError('invalidParams', `${name} must be a list`)
  if (value.length > max) throw new RelayRpcError('tooManyTopics', `at most ${max} a client`)
  for (const entry of value) {
    if (!isTopic(entry)) {
      throw new RelayRpcError(
        'invalidParams',
        `${name} must be topics of 64 lower-case hex characters`,
      )
    }
  }
  return value as string[]
}

/**
 * A non-empty string of at most `maxChars` (past it the error is the size limit's own). Not
 * held to base64: the SDKs send base64 envelopes, but nothing the relay does depends on it.
 */
export function message(params: Params, name: string, maxChars: number): string {
  const value = params[name]
  if (typeof value !== 'string' || value === '') {
    throw new RelayRpcError('invalidParams', `${name} must be a non-empty string`)
  }
  if (value.length > maxChars) {
    throw new RelayRpcError('messageTooLarge', `at most ${maxChars} characters`)
  }
  // A text column cannot hold U+0000 (the write would fail as an internal error), and a lone
  // surrogate (a JSON escape) would be stored as U+FFFD: another message than the one published.
  if (value.indexOf('\u0000') !== -1) {
    throw new RelayRpcError('invalidParams', `${name} must not contain U+0000`)
  }
  if (!isWellFormed(value)) {
    throw new RelayRpcError('invalidParams', `${name} must not contain a lone surrogate`)
  }
  return value
}

function wholeNumber(params: Params, name: string, min: number, max: number, fallback: number) {
  const value = params[name]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RelayRpcError('invalidParams', `${name} must be a whole number from ${min} to ${max}`)
  }
  return value
}

/** Seconds; absent, the SDK's own default for a publish. */
export const ttl = (params: Params, fallback: number) =>
  wholeNumber(params, 'ttl', MIN_TTL_SECONDS, MAX_TTL_SECONDS, fallback)

export const tag = (params: Params, fallback: number) =>
  wholeNumber(params, 'tag', 0, MAX_TAG, fallback)
