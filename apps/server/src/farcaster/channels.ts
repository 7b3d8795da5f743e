// Auth relay channels, kept in the server's cache (in process, or Redis across instances) under
// the SHA-256 of their token, for FARCASTER_CHANNEL_TTL_SECONDS while pending and
// FARCASTER_COMPLETED_TTL_SECONDS once completed. A channel's nonce is recorded for longer than
// any message naming it can still be accepted, so no second channel can take the same nonce.
import { createHash, randomBytes } from 'node:crypto'
import {
  type AuthenticateBody,
  type ChannelSignatureParams,
  type ChannelStatusAnswer,
  FARCASTER_CHANNEL_TTL_SECONDS,
  FARCASTER_COMPLETED_TTL_SECONDS,
} from '@portico/protocol/farcaster-auth'
import type { Cache } from '../cache/cache'

/** How far a message's times may be off the server's clock. */
export const FARCASTER_CLOCK_SKEW_MS = 60_000
/** A nonce stays taken past its channel's end by more than a message's clock skew. */
const NONCE_HOLD_MS =
  (FARCASTER_CHANNEL_TTL_SECONDS + FARCASTER_COMPLETED_TTL_SECONDS) * 1000 +
  2 * FARCASTER_CLOCK_SKEW_MS

export interface ChannelCompletion extends Omit<AuthenticateBody, 'custody'> {
  custody: string
}

export interface Channel {
  /** The project it was made for: only that project's login redeems it. */
  projectId: string
  /**
   * The commitment to the frame's redeem secret it was made with; without one (a channel in the
   * public relay's shape) no embedded-wallet login redeems it.
   */
  redeemChallenge?: string
  params: ChannelSignatureParams
  url: string
  createdAt: number
  expiresAt: number
  completion?: ChannelCompletion
}

/** The SHA-256 of a channel token: what the cache keys hold instead of the token. */
export const channelKeyOf = (token: string) => createHash('sha256').update(token).digest('hex')
const channelKey = (token: string) => `farcaster-channel:${channelKeyOf(token)}`
const nonceKey = (nonce: string) => `farcaster-nonce:${nonce}`

export function newChannelToken(): string {
  return randomBytes(32).toString('base64url')
}

/** 16 letters and digits, as SIWE nonces go. */
export function newNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('')
}

export function createChannelStore(cache: Cache) {
  return {
    async nonceTaken(nonce: string): Promise<boolean> {
      return (await cache.get<number>(nonceKey(nonce))) !== undefined
    },
    async open(token: string, channel: Channel): Promise<void> {
      await cache.set(nonceKey(channel.params.nonce), channel.createdAt, NONCE_HOLD_MS)
      await cache.set(channelKey(token), channel, channel.expiresAt - channel.createdAt)
    },
    /** The live channel of a token; undefined when unknown or past its end. */
    async find(token: string, now: number): Promise<Channel | undefined> {
      const channel = await cache.get<Channel>(channelKey(token))
      return channel && channel.expiresAt > now ? channel : undefined
    },
    async complete(
      token: string,
      channel: Channel,
      completion: ChannelCompletion,
      now: number,
    ): Promise<Channel> {
      const expiresAt = now + FARCASTER_COMPLETED_TTL_SECONDS * 1000
      const completed: Channel = { ...channel, completion, expiresAt }
      await cache.set(channelKey(token), completed, expiresAt - now)
      return completed
    },
    async close(token: string): Promise<void> {
      await cache.delete(channelKey(token))
    },
  }
}

export type ChannelStore = ReturnType<typeof createChannelStore>

/** The status a channel answers, as the public relay writes it. */
export function channelStatus(channel: Channel): ChannelStatusAnswer {
  const { params, url, completion } = channel
  const base = { nonce: params.nonce, url, signatureParams: params }
  if (!completion) return { state: 'pending', ...base }
  return { state: 'completed', ...base, ...completion }
}
