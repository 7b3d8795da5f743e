// The modal's tracked events (docs/product.md#tracking-events) as they cross the wire: the names the
// server stores and the bounds of a batch. No schema library here: the browser imports this
// module (analytics.ts holds the TypeBox shapes).

/** Every event name the modal tracks; the server refuses any other. */
export const ANALYTICS_EVENT_NAMES = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'USER_REJECTED',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SWITCH_NETWORK',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'CLICK_CANCEL_SIWX',
  'ERROR_FETCH_TRANSACTIONS',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number]

/** How a visitor connects, as the rollups count it. */
export const CONNECT_METHODS = ['browser', 'walletconnect', 'email', 'social', 'farcaster'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

// Ours, not the spec's.

/** Most events in one batch; the modal sends a longer queue as several batches. */
export const ANALYTICS_BATCH_MAX_EVENTS = 50
/** Longest wallet name kept (a wallet's display name). */
export const ANALYTICS_WALLET_MAX_LENGTH = 64
/** Longest network id kept (a CAIP-2 id). */
export const ANALYTICS_NETWORK_MAX_LENGTH = 64
