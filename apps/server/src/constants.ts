// Every number the server takes from the product spec, under the spec's name, plus the few
// limits of our own (marked as such) so a reader finds them all in one place.

/** docs/product.md#constants: cache lifetimes. */
export const CACHE_TTL_PORTFOLIO_MS = 30_000
export const CACHE_TTL_NATIVE_BALANCE_MS = 30_000
export const CACHE_TTL_NAME_LOOKUP_MS = 5 * 60_000
export const CACHE_TTL_IDENTITY_MS = 5 * 60_000
/** docs/product.md#constants: cache size. */
export const CACHE_SIZE = 8192

/** docs/product.md#constants: RPC timeout. */
export const RPC_TIMEOUT_MS = 10_000
/** docs/product.md#blockchain-rpc: retries, exponential delay from 150 ms, on these statuses. */
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150
export const RPC_RETRY_STATUSES: ReadonlySet<number> = new Set([
  403, 408, 413, 429, 500, 502, 503, 504,
])

/** docs/product.md#constants: blob data limit. */
export const BLOB_DATA_LIMIT_BYTES = 761_855

/**
 * docs/product.md#permissions: allowed origins may use wildcards; the spec's defaults are
 * localhost and pages.dev, vercel.app and ngrok-free.app subdomains. Pattern syntax: see
 * projects/origin-pattern. Not a default here: anyone can put a page on those hosts and use a
 * project that allows them (its embedded wallet, sign-in, the RPC proxy), so a project gets
 * this list only when its operator asks for it (the project CLI's --spec-default-origins).
 */
export const SPEC_DEFAULT_ALLOWED_ORIGINS: readonly string[] = [
  'localhost:*',
  '*.pages.dev',
  '*.vercel.app',
  '*.ngrok-free.app',
]

// Ours, not the spec's.

/** Largest JSON body a route accepts unless it says otherwise. */
export const REQUEST_BODY_LIMIT_BYTES = 64 * 1024
/** Largest JSON-RPC body: a raw transaction carrying the spec's blob data limit, hex encoded. */
export const RPC_BODY_LIMIT_BYTES = 2 * 1024 * 1024
/** How long a project read from the database is trusted before it is read again. */
export const PROJECT_CACHE_TTL_MS = 5_000
/** Preflight answers may be cached by the browser this long. */
export const CORS_MAX_AGE_SECONDS = 600
/** Most requests in one JSON-RPC batch: viem's default batch size. */
export const RPC_BATCH_LIMIT = 1000
/**
 * Deepest nesting of a proxied call's params. The deepest standard call (eth_simulateV1 with
 * state overrides) nests 7; 32 leaves room and keeps a node's parser out of deep recursion.
 */
export const RPC_PARAMS_MAX_DEPTH = 32
/**
 * Largest params of a proxied call other than eth_sendRawTransaction (which carries blobs, up
 * to RPC_BODY_LIMIT_BYTES): an eth_call creating a contract of the largest init code (48 KiB,
 * 96 KiB in hex) with room for state overrides.
 */
export const RPC_PARAMS_LIMIT_BYTES = 256 * 1024

/**
 * How long a request may take to arrive whole, headers and body: past it the server answers 408
 * and closes the socket. Without it a client that never sends its announced body held a socket
 * (and its buffers) forever. 30 s is far more than a 2 MB JSON-RPC body needs on a slow phone.
 */
export const HTTP_REQUEST_TIMEOUT_MS = 30_000
/** How long the headers alone may take (a slowloris sends them a byte at a time): then 408. */
export const HTTP_HEADERS_TIMEOUT_MS = 10_000
/**
 * How long an idle keep-alive connection stays open between requests. Longer than the 60 s idle
 * time-out of common proxies and load balancers in front of a self-hosted server, so the proxy
 * closes first: a server that closes first races the proxy's next request, which gets a 502.
 */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000
/**
 * How often Node looks for requests past the two time-outs above (its default is 30 s, which
 * let a 30 s time-out fire after up to 60 s). It walks only connections with a request in
 * progress, so once a second is cheap.
 */
export const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1_000
