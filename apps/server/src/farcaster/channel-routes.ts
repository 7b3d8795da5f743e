// The auth relay channel's authenticate and status, at the public relay's paths and shapes: the
// channel token alone ties them to their channel (made for a project by create-channel-route.ts),
// and any origin may call them, as with the public relay: the page that shows the QR code and
// the Farcaster client are on different sites.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AuthenticateBody, ChannelStatusAnswer } from '@portico/protocol/farcaster-auth'
import {
  FARCASTER_CHANNEL_AUTHENTICATE_PATH,
  FARCASTER_CHANNEL_ROUTES_PATH,
  FARCASTER_CHANNEL_STATUS_PATH,
} from '@portico/protocol/route-paths'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { type Address, isAddressEqual } from 'viem'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import type { RouteOptions } from '../server-context'
import { channelStatus, createChannelStore } from './channels'
import {
  ChannelCompletedError,
  ChannelNotFoundError,
  FarcasterMessageInvalidError,
} from './farcaster-errors'
import { verifyFarcasterMessage } from './farcaster-message'
import { createIdRegistryReader } from './id-registry'

/** Channels made by one client IP per window; authenticate tries per IP likewise. */
export const FARCASTER_CHANNEL_LIMITS = {
  createPerIp: { limit: 60, windowMs: 10 * 60_000 },
  authenticatePerIp: { limit: 120, windowMs: 10 * 60_000 },
} as const

export const FARCASTER_CHANNEL_BODY_LIMIT_BYTES = 16 * 1024
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/

function channelToken(request: FastifyRequest): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
  if (token === undefined) throw new ChannelNotFoundError()
  return token
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
  // Making a channel (FARCASTER_CHANNEL_PATH itself) is the project guard's, preflight included.
  app.options(FARCASTER_CHANNEL_ROUTES_PATH, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send(),
  )

  typed.post(
    FARCASTER_CHANNEL_AUTHENTICATE_PATH,
    {
      bodyLimit: FARCASTER_CHANNEL_BODY_LIMIT_BYTES,
      schema: { body: AuthenticateBody, response: { 201: ChannelStatusAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const token = channelToken(request)
      await enforceRateLimit(
        rateLimiter,
        `farcaster-authenticate-ip:${clientKeyOf(request)}`,
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
    FARCASTER_CHANNEL_STATUS_PATH,
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
