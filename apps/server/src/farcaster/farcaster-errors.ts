// The refusals of Sign In With Farcaster, one kind each, answered as `{ error: { code, message } }`.
// None of them stores anything: a refused authenticate leaves its channel pending.
import { FarcasterAuthErrorCode } from '@portico/protocol/farcaster-auth'
import { defineServerError } from '../errors'

export const ChannelNotFoundError = defineServerError({
  name: 'ChannelNotFoundError',
  status: 401,
  code: FarcasterAuthErrorCode.channelNotFound,
  message: 'Unknown or expired channel: start a new sign-in',
})

export const ChannelCompletedError = defineServerError({
  name: 'ChannelCompletedError',
  status: 409,
  code: FarcasterAuthErrorCode.channelCompleted,
  message: 'This channel has already been authenticated',
})

export const ChannelPendingError = defineServerError({
  name: 'ChannelPendingError',
  status: 409,
  code: FarcasterAuthErrorCode.channelPending,
  message: 'This channel has not been authenticated yet',
})

export const FarcasterNonceUsedError = defineServerError({
  name: 'FarcasterNonceUsedError',
  status: 409,
  code: FarcasterAuthErrorCode.nonceUsed,
  message: 'The nonce has already been used',
})

export const FarcasterMessageInvalidError = defineServerError({
  name: 'FarcasterMessageInvalidError',
  status: 401,
  code: FarcasterAuthErrorCode.messageInvalid,
  message: (detail: string) => `Invalid Farcaster sign-in: ${detail}`,
})
