// The auth relay channel at the public relay's paths and shapes (no projectId: the channel
// token ties the calls together). Any origin may call them, as with the public relay: the
// page that shows the QR code and the Farcaster client are on different sites.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  AuthenticateBody,
  ChannelStatusAnswer,
  CreateChannelAnswer,
  CreateChannelBody,
  FARCASTER_CHANNEL_PATH,
  FARCASTER_CHANNEL_TTL_SECONDS,
} from '@portico/protocol/farcaster-auth'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { type Address, isAddressEqual } from 'viem'
import { InvalidRequestError } from '../errors'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import type { RouteOptions } from '../server-context'
import {
  type Channel,
  channelStatus,
  createChannelStore,
  newChannelToken,
  newNonce,
} from './channels'
import {
  ChannelCompletedError,
  ChannelNotFoundError,
  FarcasterMessageInvalidError,
  FarcasterNonceUsedError,
} from './farcaster-errors'
import { verifyFarcasterMessage } from './farcaster-message'
import { createIdRegistryReader } from './id-registry'

/** Channels made by one client IP per window; authenticate tries per IP likewise. */
export const FARCASTER_CHANNEL_LIMITS = {
  createPerIp: { limit: 60, windowMs: 10 * 60_000 },
  authenticatePerIp: { limit: 120, windowMs: 10 * 60_000 },
} as const

const BODY_LIMIT_BYTES = 16 * 1024
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/

function channelToken(request: FastifyRequest): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
  if (token === undefined) throw new ChannelNotFoundError()
  return token
}

function dateOrRefuse(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const time = Date.parse(text)
  if (Number.isNaN(time)) throw new InvalidRequestError(`${field} is not a date-time`)
  return time
}

/** The link a Farcaster client opens: the connect URL with the channel's parameters. */
function channelUrl(connectUrl: string, token: string, params: Channel['params']): string {
  const url = new URL(connectUrl)
  url.searchParams.set('channelToken', token)
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') url.searchParams.set(name, value)
  }
  return url.toString()
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

export const farcasterChannelRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  const { config, cache, rateLimiter } = context
  const store = createChannelStore(cache)
  const registry = createIdRegistryReader(config.farcaster, context.chains, context.upstream)
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*')
  })
  app.options(`${FARCASTER_CHANNEL_PATH}*`, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send(),
  )

  typed.post(
    FARCASTER_CHANNEL_PATH,
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        body: CreateChannelBody,
        response: { 201: CreateChannelAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body
      if (!URL.canParse(body.siweUri)) throw new InvalidRequestError('siweUri is not a URL')
      if (body.redirectUrl !== undefined && !URL.canParse(body.redirectUrl)) {
        throw new InvalidRequestError('redirectUrl is not a URL')
      }
      const now = context.clock()
      const expiration = dateOrRefuse('expirationTime', body.expirationTime)
      const notBefore = dateOrRefuse('notBefore', body.notBefore)
      if (expiration !== undefined && expiration <= now) {
        throw new InvalidRequestError('expirationTime is in the past')
      }
      if (notBefore !== undefined && expiration !== undefined && notBefore >= expiration) {
        throw new InvalidRequestError('notBefore is not before expirationTime')
      }
      await enforceRateLimit(
        rateLimiter,
        `farcaster-channel-ip:${request.ip}`,
        FARCASTER_CHANNEL_LIMITS.createPerIp,
      )
      const nonce = body.nonce ?? newNonce()
      if (await store.nonceTaken(nonce)) throw new FarcasterNonceUsedError()
      const token = newChannelToken()
      const params = { ...body, nonce }
      const url = channelUrl(config.farcaster.connectUrl, token, params)
      await store.open(token, {
        params,
        url,
        createdAt: now,
        expiresAt: now + FARCASTER_CHANNEL_TTL_SECONDS * 1000,
      })
      return noStore(reply).status(201).send({ channelToken: token, url, connectUri: url, nonce })
    },
  )

  typed.post(
    `${FARCASTER_CHANNEL_PATH}/authenticate`,
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: { body: AuthenticateBody, response: { 201: ChannelStatusAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const token = channelToken(request)
      await enforceRateLimit(
        rateLimiter,
        `farcaster-authenticate-ip:${request.ip}`,
        FARCASTER_CHANNEL_LIMITS.authenticatePerIp,
      )
      const now = context.clock()
      const channel = await store.find(token, now)
      if (!channel) throw new ChannelNotFoundError()
      if (channel.completion) throw new ChannelCompletedError()
      const body = request.body
      const custody: Address = await verifyFarcasterMessage(body, channel, registry, now)
      if (body.custody !== undefined && !isAddressEqual(body.custody as Address, custody)) {
        throw new FarcasterMessageInvalidError('custody is not the address that signed')
      }
      const completed = await store.complete(token, channel, { ...body, custody }, now)
      return noStore(reply).status(201).send(channelStatus(completed))
    },
  )

  typed.get(
    `${FARCASTER_CHANNEL_PATH}/status`,
    {
      schema: {
        response: { 200: ChannelStatusAnswer, 202: ChannelStatusAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const channel = await store.find(channelToken(request), context.clock())
      if (!channel) throw new ChannelNotFoundError()
      const status = channelStatus(channel)
      return noStore(reply)
        .status(status.state === 'completed' ? 200 : 202)
        .send(status)
    },
  )
}
