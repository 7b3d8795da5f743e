// Every number of docs/product.md#constants the modal applies (and the few of #validation and
// #calls we need), named as the spec names it, so a reader finds each one here. Times are in
// milliseconds. The spec's numbers the modal has nothing to apply to are not here; the page says
// where each one lives (the caches are the server's, the blob data limit viem's, and so on).

// Cooldowns, retry gates, limits
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
export const BALANCE_RETRY_GATE_MS = 30_000
export const RECENT_WALLETS_LIMIT = 2
export const PENDING_TRANSACTION_LIMIT = 99
/** Transaction amounts are shown with this many decimals. */
export const TRANSACTION_AMOUNT_DECIMALS = 3

/**
 * Not in the spec: how long a sign-in message our default sign-in (createServerSiwx) writes is
 * good for. The server ends the session when its message expires (and after 7 days at most).
 */
export const SIWX_MESSAGE_LIFETIME_MS = 24 * 60 * 60_000

// Local caches (docs/product.md#constants): the names the modal looked up, kept in memory
export const CACHE_TTL_NAME_LOOKUP_MS = 5 * 60_000
export const CACHE_SIZE = 8192

// Modal timings
export const TOAST_SWAP_DELAY_MS = 150
/** Not in the spec: how long a success or error toast stays before closing on its own. */
export const TOAST_AUTO_CLOSE_MS = 2200
export const BACK_NAVIGATION_FOLLOW_UP_MS = 100
export const HEADER_TEXT_ANIMATION_MS = 120
export const MODAL_HEIGHT_ANIMATION_MS = 150
export const VIEW_TRANSITION_MS = 150
export const NOT_ALLOWED_MESSAGE_DELAY_MS = 300
export const SEARCH_WAIT_MS = 300
/** Not in the spec: a receiver typed as a name is looked up once the field rests this long. */
export const RECEIVER_NAME_WAIT_MS = SEARCH_WAIT_MS
/** Not in the spec: a deep link that leaves the page focused this long opened nothing. */
export const DEEP_LINK_FALLBACK_WAIT_MS = 1500

// Embedded wallet frame
export const FRAME_READY_EXTRA_WAIT_MS = 500
export const FRAME_LOAD_TIMEOUT_MS = 20_000
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
export const FRAME_SIGN_OUT_WAIT_MS = 3_000
/** docs/product.md#embedded-wallet-frame: the secure frame's SDK version. */
export const FRAME_SDK_VERSION = 4

// Swaps and onramp
export const SLIPPAGE_TOLERANCE_DEFAULT = 1
export const ONRAMP_CARD_MIN_AMOUNT = '10.00'
export const ONRAMP_CARD_MAX_AMOUNT = '7500.00'
export const ONRAMP_BANK_ACCOUNT_MIN_AMOUNT = '10.00'
export const ONRAMP_BANK_ACCOUNT_MAX_AMOUNT = '25000.00'
export const ONRAMP_DEFAULT_CURRENCIES = ['USD', 'EUR'] as const

// Client runtime
export const MULTICALL_BATCH_SIZE = 1024
export const RPC_TIMEOUT_MS = 10_000
export const RECEIPT_WAIT_TIMEOUT_MS = 180_000
export const POLLING_INTERVAL_MS = 4_000
/**
 * The log level a page gets unless the host sets `logLevel`: the WalletConnect SDK writes only
 * its errors to the console. Its log buffer (the spec's 1,024,000 bytes) is the SDK's default.
 */
export const DEFAULT_LOG_LEVEL = 'error'

// Blockchain RPC retries (docs/product.md#blockchain-rpc)
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_BASE_DELAY_MS = 150

// Error telemetry (docs/product.md#error-telemetry): at most this many events per window
export const ERROR_TELEMETRY_MAX_EVENTS = 5
export const ERROR_TELEMETRY_WINDOW_MS = 60_000

// Tracked events (ours, not the spec's): how long one waits before its batch leaves, and how
// many are held while they cannot be sent (the oldest are dropped past it)
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000
export const ANALYTICS_QUEUE_MAX_EVENTS = 500

// Wallet API page sizes (docs/product.md#wallet-api)
export const RECOMMENDED_WALLETS_PAGE_SIZE = 4
export const WALLET_LIST_PAGE_SIZE = 40
export const WALLET_SEARCH_PAGE_SIZE = 100

// Modal layout and theme
export const MODAL_WIDTH_PX = 360
/**
 * Not in the spec: at or below this width (CSS px) the dialog is a bottom sheet, the connect
 * button compact, and a touch-only screen this narrow counts as a phone.
 */
export const PHONE_MAX_WIDTH_PX = 520
export const MODAL_Z_INDEX = 999
export const FONT_SIZE_MASTER = '10px'
export const BORDER_RADIUS_MASTER = '4px'
