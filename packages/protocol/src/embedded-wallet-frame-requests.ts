// The names of the requests the host page may send to the embedded wallet frame, as plain data:
// both the schemas (embedded-wallet-frame.ts) and the schema-free guard the host page uses
// (embedded-wallet-frame-guard.ts) take them from here.
export const FRAME_REQUEST_TYPES = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'GET_USER',
  'IS_CONNECTED',
  'SWITCH_NETWORK',
  'SIGN_OUT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SET_PREFERRED_ACCOUNT',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'EXPORT_KEY_START',
  'EXPORT_KEY_OTP',
] as const
export type FrameRequestType = (typeof FRAME_REQUEST_TYPES)[number]
