// Sign In With Farcaster (FIP-11) into the embedded wallet. Two parts:
//
// 1. The auth relay channel, at the paths and in the shapes the public Farcaster relay serves.
//    A channel is asked for by a project's page (or server), for a site of that project; after
//    that the channel token alone ties the calls together, so a Farcaster client (or
//    @farcaster/auth-client, once the channel is made) needs nothing else.
//
//   POST /v1/channel?projectId=                      CreateChannelBody -> 201 CreateChannelAnswer
//   POST /v1/channel/authenticate (Bearer channel)   AuthenticateBody  -> 201 ChannelStatusAnswer
//   GET  /v1/channel/status       (Bearer channel)                     -> 202 pending / 200 completed
//
//    Making a channel is project scoped like the rest (the projectId must name a project, an
//    Origin must be one it allows), and the channel's domain and siweUri must be the asking
//    page's own site (without an Origin: one of the project's allowed origins), so a person can
//    only sign in to a site of the project through it. The Farcaster client signs a SIWE
//    message (statement 'Farcaster Auth', chain id 10, the resource farcaster://fid/N) with the
//    fid's custody key and sends it to authenticate. The server checks it against the channel
//    (domain, URI, nonce, times) and the registry (the signer is custodyOf(fid)) before the
//    channel reads completed; a refused message leaves the channel pending.
//
// 2. The embedded wallet login, project scoped like the rest of /v1/embedded-wallet:
//
//   POST /v1/embedded-wallet/farcaster/login?projectId=  FarcasterLoginBody -> FarcasterLoginAnswer
//
//    Redeems a completed channel of that project once (its nonce is spent) for a session of the
//    fid's user, made on the fid's first login, as the e-mail verify route answers. The channel
//    token is no key to it: the token sits in the link the QR code shows, which the Farcaster
//    client, URLs and logs all see. The frame makes a redeem secret and gives the page only its
//    commitment (redeemChallenge), which the page sends when it makes the channel; the login
//    needs the secret. A channel made without a commitment (the public relay's shape) still
//    signs in, but opens no embedded wallet.
import { type Static, Type } from 'typebox'
import { EmbeddedSession, EmbeddedWallet, RedeemToken } from './embedded-wallet-api'

/** What every Sign In With Farcaster message says (FIP-11). */
export const FARCASTER_AUTH_STATEMENT = 'Farcaster Auth'
/** The chain id the message names: OP mainnet, where the real IdRegistry lives. */
export const FARCASTER_AUTH_CHAIN_ID = 10
/** The one resource of the message: `farcaster://fid/<fid>`. */
export const FARCASTER_FID_RESOURCE_PREFIX = 'farcaster://fid/'

/** How long a channel lives after it is made (the relay's short expiry), seconds. */
export const FARCASTER_CHANNEL_TTL_SECONDS = 5 * 60
/** How long a completed channel can still be redeemed for a session, seconds. */
export const FARCASTER_COMPLETED_TTL_SECONDS = 2 * 60

/** SIWE nonces: at least 8 alphanumerics (EIP-4361); ours are 16. */
export const FARCASTER_NONCE_PATTERN = '^[a-zA-Z0-9]{8,64}$'
/** Channel tokens: 32 random bytes in base64url. */
export const FARCASTER_CHANNEL_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$'
/** A host and optional port, as a SIWE domain. */
export const FARCASTER_DOMAIN_PATTERN = '^[a-zA-Z0-9.-]{1,253}(?::[0-9]{1,5})?$'
/**
 * A signature in hex: 65 bytes from a custody key, or up to 2 KiB for a contract custody (a
 * smart wallet), which the server checks with the contract's ERC-1271 isValidSignature.
 */
export const FARCASTER_SIGNATURE_PATTERN = '^0x(?:[0-9a-fA-F]{2}){65,2048}$'

/** Longest SIWE message accepted, characters. */
export const FARCASTER_MESSAGE_MAX_LENGTH = 4096
const URL_MAX_LENGTH = 2048
/** RFC 3339 date-time (the server also checks it reads as a date). */
const DATE_TIME = {
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})$',
} as const
/** An absolute URL (the server also parses it). */
const Url = Type.String({
  minLength: 1,
  maxLength: URL_MAX_LENGTH,
  pattern: '^[a-zA-Z][a-zA-Z0-9+.-]*:\\S+$',
})

/** The stable `error.code` of the refusals these routes make (besides the server-wide ones). */
export const FarcasterAuthErrorCode = {
  /** 401: the channel token is unknown, or its channel expired. */
  channelNotFound: 'FARCASTER_CHANNEL_NOT_FOUND',
  /** 409: the channel was already authenticated (a message is accepted once). */
  channelCompleted: 'FARCASTER_CHANNEL_COMPLETED',
  /** 409: the channel has not been authenticated yet (login). */
  channelPending: 'FARCASTER_CHANNEL_PENDING',
  /** 409: the nonce was used by another channel or a finished login. */
  nonceUsed: 'FARCASTER_NONCE_USED',
  /** 401: the message or its signature does not stand (the error message says which part). */
  messageInvalid: 'FARCASTER_MESSAGE_INVALID',
  /** 403: a channel's domain or URI is not a site of the project (the message says why). */
  originNotAllowed: 'FARCASTER_ORIGIN_NOT_ALLOWED',
  /** 403: the channel was made for another project than the login's (login). */
  channelOfAnotherProject: 'FARCASTER_CHANNEL_OF_ANOTHER_PROJECT',
  /** 403: the channel was made without the frame's commitment, so no login redeems it. */
  channelNotBound: 'FARCASTER_CHANNEL_NOT_BOUND',
  /** 403: the redeem secret is not the one the channel was made for (login). */
  redeemSecretInvalid: 'FARCASTER_REDEEM_SECRET_INVALID',
} as const
export type FarcasterAuthErrorCode =
  (typeof FarcasterAuthErrorCode)[keyof typeof FarcasterAuthErrorCode]

const Fid = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
const OptionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }))

export const CreateChannelBody = Type.Object(
  {
    /** The domain the message must name: the asking page's host (a site of the project). */
    domain: Type.String({ pattern: FARCASTER_DOMAIN_PATTERN }),
    /** The URI the message must name: on the asking page's origin. */
    siweUri: Url,
    /** Ours when not given. */
    nonce: Type.Optional(Type.String({ pattern: FARCASTER_NONCE_PATTERN })),
    notBefore: Type.Optional(Type.String(DATE_TIME)),
    expirationTime: Type.Optional(Type.String(DATE_TIME)),
    requestId: OptionalText(256),
    redirectUrl: Type.Optional(Url),
    /**
     * Ours, beyond the public relay's shape: base64url(SHA-256) of the frame's redeem secret.
     * Only a channel made with it can be redeemed for an embedded-wallet session, and only with
     * that secret. Never part of the link, the status or the message to sign.
     */
    redeemChallenge: Type.Optional(RedeemToken),
  },
  { additionalProperties: false },
)
export type CreateChannelBody = Static<typeof CreateChannelBody>

export const CreateChannelAnswer = Type.Object({
  /** Bearer token of authenticate and status. */
  channelToken: Type.String(),
  /** The link a Farcaster client opens (shown as the QR code: farcasterUrl). */
  url: Type.String(),
  /** The same, kept under the name older clients read. */
  connectUri: Type.String(),
  nonce: Type.String(),
})
export type CreateChannelAnswer = Static<typeof CreateChannelAnswer>

export const AuthenticateBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: FARCASTER_MESSAGE_MAX_LENGTH }),
    signature: Type.String({ pattern: FARCASTER_SIGNATURE_PATTERN }),
    fid: Fid,
    username: Type.String({ minLength: 1, maxLength: 64 }),
    bio: OptionalText(1024),
    displayName: OptionalText(256),
    pfpUrl: Type.Optional(Url),
    verifications: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 50 })),
    custody: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })),
  },
  { additionalProperties: false },
)
export type AuthenticateBody = Static<typeof AuthenticateBody>

/** What the channel was made with: what the signed message must match. */
export const ChannelSignatureParams = Type.Object({
  domain: Type.String(),
  siweUri: Type.String(),
  nonce: Type.String(),
  notBefore: Type.Optional(Type.String()),
  expirationTime: Type.Optional(Type.String()),
  requestId: Type.Optional(Type.String()),
  redirectUrl: Type.Optional(Type.String()),
})
export type ChannelSignatureParams = Static<typeof ChannelSignatureParams>

/** 202 while pending (only state, nonce, url, signatureParams); 200 with the rest when done. */
export const ChannelStatusAnswer = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
  nonce: Type.String(),
  url: Type.String(),
  signatureParams: ChannelSignatureParams,
  message: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
  fid: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String()),
  bio: Type.Optional(Type.String()),
  displayName: Type.Optional(Type.String()),
  pfpUrl: Type.Optional(Type.String()),
  verifications: Type.Optional(Type.Array(Type.String())),
  /** The fid's custody address as the registry gives it (EIP-55). */
  custody: Type.Optional(Type.String()),
})
export type ChannelStatusAnswer = Static<typeof ChannelStatusAnswer>

export const FarcasterLoginBody = Type.Object(
  {
    channelToken: Type.String({ pattern: FARCASTER_CHANNEL_TOKEN_PATTERN }),
    /** The secret whose SHA-256 the channel was made with (its redeemChallenge). */
    redeemSecret: RedeemToken,
  },
  { additionalProperties: false },
)
export type FarcasterLoginBody = Static<typeof FarcasterLoginBody>

/** As the social login's answer: `wallet` null for a new user (the frame makes the key). */
export const FarcasterLoginAnswer = Type.Object({
  session: EmbeddedSession,
  user: Type.Object({
    userId: Type.String(),
    /** Farcaster gives no e-mail address. */
    email: Type.Null(),
    /** The Farcaster username the client sent. */
    userName: Type.String(),
    socialProvider: Type.Literal('farcaster'),
    fid: Type.Integer(),
  }),
  wallet: Type.Union([EmbeddedWallet, Type.Null()]),
})
export type FarcasterLoginAnswer = Static<typeof FarcasterLoginAnswer>
