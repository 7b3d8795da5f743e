// The checks of the relay protocol's params (WalletConnect relay RPC), run before a method does
// any work. The shapes are @portico/protocol's (relay-methods.ts); these checks are written by
// hand because the relay runs them on every frame and answers each refusal with its own detail
// and code (a limit's refusal is not "Invalid params"). relay-method-params.test.ts holds them
// equal to the protocol's schemas. Every check is a loop over characters or a comparison: no
// regular expression, nothing allocated.
import {
  RELAY_MAX_TAG,
  RELAY_MAX_TTL_SECONDS,
  RELAY_MIN_TTL_SECONDS,
  RELAY_TOPIC_LENGTH,
} from '@portico/protocol/relay-bounds'
import { RelayRpcError } from './relay-rpc'

export type Params = Record<string, unknown>

/** String.prototype.isWellFormed (ES2024, native in Node 20), not yet in the project's lib. */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed()

/** 0-9 and a-f only: an upper-case spelling would be a second name for the same topic. */
function isLowerHex(text: string, length: number): boolean {
  if (text.length !== length) return false
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    // '0'-'9' or 'a'-'f'
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false
  }
  return true
}

/** A topic, and a subscription id too: both are a sha256 in lower-case hex. */
export const isTopic = (value: unknown): value is string =>
  typeof value === 'string' && isLowerHex(value, RELAY_TOPIC_LENGTH)

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

/** Absent, or a subscription id. */
export function optionalSubscriptionId(params: Params, name: string): void {
  const value = params[name]
  if (value !== undefined && !isTopic(value)) {
    throw new RelayRpcError('invalidParams', `${name} must be 64 lower-case hex characters`)
  }
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

/** Absent or null (the method's default then applies), or a whole number in the range. */
function optionalWholeNumber(params: Params, name: string, min: number, max: number): void {
  const value = params[name]
  if (value === undefined || value === null) return
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RelayRpcError('invalidParams', `${name} must be a whole number from ${min} to ${max}`)
  }
}

/** Seconds. */
export const ttl = (params: Params) =>
  optionalWholeNumber(params, 'ttl', RELAY_MIN_TTL_SECONDS, RELAY_MAX_TTL_SECONDS)

export const tag = (params: Params) => optionalWholeNumber(params, 'tag', 0, RELAY_MAX_TAG)
