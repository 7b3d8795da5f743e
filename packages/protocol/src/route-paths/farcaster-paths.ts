// Sign In With Farcaster's routes (its flow and shapes: farcaster-auth.ts): the auth relay's
// channel, which the page calls, and the login the frame redeems a completed channel at.
import { EMBEDDED_WALLET_API_PREFIX } from './embedded-wallet-paths'

export const FARCASTER_CHANNEL_PATH = '/v1/channel'
export const FARCASTER_CHANNEL_STATUS_PATH = `${FARCASTER_CHANNEL_PATH}/status`
export const FARCASTER_CHANNEL_AUTHENTICATE_PATH = `${FARCASTER_CHANNEL_PATH}/authenticate`
/** Every route under the channel, for their shared preflight answer. */
export const FARCASTER_CHANNEL_ROUTES_PATH = `${FARCASTER_CHANNEL_PATH}/*`
export const FARCASTER_LOGIN_PATH = `${EMBEDDED_WALLET_API_PREFIX}/farcaster/login`
