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

export const FarcasterOriginNotAllowedError = defineServerError({
  name: 'FarcasterOriginNotAllowedError',
  status: 403,
  code: FarcasterAuthErrorCode.originNotAllowed,
  message: (detail: string) =>
    `The Farcaster sign-in must be for a site of this project: ${detail}`,
})

export const ChannelOfAnotherProjectError = defineServerError({
  name: 'ChannelOfAnotherProjectError',
  status: 403,
  code: FarcasterAuthErrorCode.channelOfAnotherProject,
  message: 'This sign-in was started for another project',
})

export const ChannelNotBoundError = defineServerError({
  name: 'ChannelNotBoundError',
  status: 403,
  code: FarcasterAuthErrorCode.channelNotBound,
  message:
    'This sign-in was not started by the wallet, so it cannot open one: start again from the site',
})

export const RedeemSecretInvalidError = defineServerError({
  name: 'RedeemSecretInvalidError',
  status: 403,
  code: FarcasterAuthErrorCode.redeemSecretInvalid,
  message: 'This sign-in can only be finished in the browser that started it',
})
