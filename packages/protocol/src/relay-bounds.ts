// The relay protocol's fixed bounds (WalletConnect relay RPC), as plain numbers and patterns so
// that anything may import them without a schema library. The relay's own limits (message size,
// topics a client, publishes a second) are the server's settings, not part of the shapes.

/** A topic is a sha256 in hex: 64 characters, lower case as the SDKs send it. */
export const RELAY_TOPIC_LENGTH = 64
/** Lower case only: an upper-case spelling would be a second name for the same topic. */
export const RELAY_TOPIC_PATTERN = '^[0-9a-f]{64}$'
/** The relay spec's TTL range, in seconds: pings use 30, most messages 300, at most 30 days. */
export const RELAY_MIN_TTL_SECONDS = 30
export const RELAY_MAX_TTL_SECONDS = 30 * 24 * 60 * 60
/** Tags are the spec's u32, kept by our relay in an `integer` column: at most 2^31 - 1. */
export const RELAY_MAX_TAG = 2 ** 31 - 1
/**
 * A message is text a database column can hold as given: no U+0000 (a text column refuses it)
 * and no lone surrogate (it would be stored as U+FFFD, another message). Read with the `u` flag,
 * as JSON Schema validators do: a surrogate pair is one code point there, a lone one is `Cs`.
 */
export const RELAY_MESSAGE_PATTERN = '^[^\\u0000\\p{Cs}]*$'
/** Longest string id of a request (the SDKs send 19 digits as a string). */
export const RELAY_MAX_STRING_ID_CHARS = 64
/** A numeric id is the spec's u64 as JSON: a positive whole number of at most 19 digits. */
export const RELAY_NUMERIC_ID_BELOW = 10 ** 19
