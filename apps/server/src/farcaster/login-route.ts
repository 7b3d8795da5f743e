// POST /v1/embedded-wallet/farcaster/login?projectId= with `{ channelToken, redeemSecret }`: a
// completed channel of this project (made for it, so for one of its sites) is redeemed once for a
// session of the fid's embedded-wallet user (made on the fid's first login), answered as the
// e-mail verify route answers, plus who the person is. The token is in the link the QR code
// shows, so it proves nothing: the secret whose commitment the channel was made with must come
// too, and only the frame that made it holds it.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { FarcasterLoginAnswer, FarcasterLoginBody } from '@portico/protocol/farcaster-auth'
import { FARCASTER_LOGIN_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { projectQuerySchema } from '../auth/session-schema'
import { createEmbeddedSession } from '../embedded-wallet/embedded-sessions'
import { findWallet } from '../embedded-wallet/embedded-wallets'
import { secretMatchesChallenge } from '../embedded-wallet/redeem-commitment'
import { CacheUnavailableError, InvalidKeyError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { channelKeyOf, createChannelStore } from './channels'
import {
  ChannelNotBoundError,
  ChannelNotFoundError,
  ChannelOfAnotherProjectError,
  ChannelPendingError,
  RedeemSecretInvalidError,
} from './farcaster-errors'
import { findOrCreateFarcasterUser } from './farcaster-users'

/** One redemption per channel; the window outlasts a completed channel. */
const REDEEM_ONCE = { limit: 1, windowMs: 24 * 60 * 60_000 } as const

const schema = {
  querystring: projectQuerySchema,
  body: FarcasterLoginBody,
  response: { 200: FarcasterLoginAnswer, ...errorResponses },
}

export const farcasterLoginRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const store = createChannelStore(context.cache)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(FARCASTER_LOGIN_PATH, { bodyLimit: 1024, schema }, async (request, reply) => {
      const project = request.project
      if (!project) throw new InvalidKeyError()
      const { channelToken, redeemSecret } = request.body
      const now = context.clock()
      const channel = await store.find(channelToken, now)
      if (!channel) throw new ChannelNotFoundError()
      // Refused before the claim, so the project it was made for can still redeem it.
      if (channel.projectId !== project.id) throw new ChannelOfAnotherProjectError()
      // So are a channel without the frame's commitment and a wrong secret: whoever read the
      // token in the link spends nothing, and the frame that made the channel still redeems it.
      if (channel.redeemChallenge === undefined) throw new ChannelNotBoundError()
      if (!secretMatchesChallenge(redeemSecret, channel.redeemChallenge)) {
        throw new RedeemSecretInvalidError()
      }
      const { completion } = channel
      if (!completion) throw new ChannelPendingError()
      // Single use, also under racing requests: one claim per channel (an atomic count in the
      // shared limiter, in Redis across instances), then the channel goes; its nonce stays taken.
      const claim = await context.rateLimiter
        .consume(`farcaster-redeem:${channelKeyOf(channelToken)}`, REDEEM_ONCE)
        .catch(() => {
          throw new CacheUnavailableError()
        })
      if (!claim.allowed) throw new ChannelNotFoundError()
      await store.close(channelToken)
      const { db } = context
      const user = await findOrCreateFarcasterUser(
        db,
        project.id,
        completion.fid,
        completion.username,
        now,
      )
      // A Farcaster user has no login e-mail (as a social login user).
      const session = await createEmbeddedSession(db, { ...user, email: null }, now)
      const wallet = await findWallet(db, user.id)
      return reply.header('cache-control', 'no-store').send({
        session: { token: session.token, expiresAt: session.expiresAt.toISOString() },
        user: {
          userId: user.id,
          email: null,
          userName: completion.username,
          socialProvider: 'farcaster' as const,
          fid: completion.fid,
        },
        wallet: wallet ? { address: wallet.address } : null,
      })
    })
}
