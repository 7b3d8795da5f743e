// Every number of the Wallet API routes (wallet list, images, project config, error telemetry,
// identity), under the spec's name where the spec has one; our own limits are marked as such.
import type { RateLimit } from '../cache/rate-limiter'

/** docs/product.md#wallet-api: page sizes the modal asks for. */
export const WALLET_PAGE_SIZE_RECOMMENDED = 4
export const WALLET_PAGE_SIZE_LIST = 40
export const WALLET_PAGE_SIZE_SEARCH = 100

/** docs/product.md#error-telemetry: at most 5 events per 60 s (the modal's own cap). */
export const TELEMETRY_CLIENT_CAP: RateLimit = { limit: 5, windowMs: 60_000 }

// Ours, not the spec's.

/** `entries` above this is answered with this many: the largest page the modal asks for. */
export const WALLET_PAGE_SIZE_MAX = WALLET_PAGE_SIZE_SEARCH
/** Page size when `entries` is absent. */
export const WALLET_PAGE_SIZE_DEFAULT = WALLET_PAGE_SIZE_LIST
/** Most ids in `include` or `exclude`. */
export const WALLET_ID_LIST_MAX = 100
/** Most networks in `chains`. */
export const WALLET_CHAIN_LIST_MAX = 50
/** Answered wallet pages kept in process (the registry is data: a page never goes stale). */
export const WALLET_PAGE_CACHE_ENTRIES = 2048
export const WALLET_PAGE_CACHE_TTL_MS = 60 * 60_000
/** How long browsers may reuse a wallet page. */
export const WALLET_PAGE_MAX_AGE_SECONDS = 300

/** Generated images (wallets, networks, currencies, tokens): 30 days, then revalidated by ETag. */
export const IMAGE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
/** Longest image id in a path; anything longer names no image (400). */
export const IMAGE_ID_MAX_LENGTH = 100
/** Token images made on request and kept in process. */
export const TOKEN_IMAGE_CACHE_ENTRIES = 4096

/**
 * Error telemetry per client (project + IP). Twice the modal's cap: our windows are aligned to
 * the clock, the modal's start at its first event, so one of ours can hold two of its windows.
 */
export const TELEMETRY_RATE_LIMIT: RateLimit = {
  limit: 2 * TELEMETRY_CLIENT_CAP.limit,
  windowMs: TELEMETRY_CLIENT_CAP.windowMs,
}
/** Largest error-telemetry body: the fields' limits (below), JSON-escaped, with room to spare. */
export const TELEMETRY_BODY_LIMIT_BYTES = 32 * 1024
// The bounds of an error event's fields are the modal's too.
export {
  TELEMETRY_DOMAIN_MAX_LENGTH,
  TELEMETRY_ERROR_MESSAGE_MAX_LENGTH,
  TELEMETRY_ERROR_TYPE_MAX_LENGTH,
  TELEMETRY_NAME_MAX_LENGTH,
  TELEMETRY_STACK_TRACE_MAX_LENGTH,
  TELEMETRY_TIMESTAMP_MAX_MS,
  TELEMETRY_URL_MAX_LENGTH,
} from '@portico/protocol/telemetry-limits'
