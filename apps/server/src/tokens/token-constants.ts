// Lifetimes and limits of the token modules. Ours, not the spec's (the spec's cache lifetimes
// are in ../constants.ts).

/** Name, symbol and decimals of a token do not change: read them once a day. */
export const TOKEN_METADATA_CACHE_TTL_MS = 24 * 60 * 60_000
/** An address that does not answer as a token may become one (CREATE2): ask again sooner. */
export const TOKEN_METADATA_MISS_CACHE_TTL_MS = 10 * 60_000
