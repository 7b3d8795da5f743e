// POST /v1/channel?projectId= : makes an auth relay channel, in the public relay's shapes, for a
// site of the project. Project scoped like the rest (server.ts registers it inside the project
// guard: the projectId must name a project, an Origin must be one it allows), and the domain
// and siweUri the person will sign must be the asking page's own (without an Origin: one of the
// project's allowed origins, the URI on the domain), checked as the wallet sign-in checks its
// message. The channel remembers its project and the frame's redeem commitment (kept apart from
// the parameters, so it is in neither the link nor the status); authenticate and status then need
// only its token.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  CreateChannelAnswer,
  CreateChannelBody,
  FARCASTER_CHANNEL_TTL_SECONDS,
} from '@portico/protocol/farcaster-auth'
import { FARCASTER_CHANNEL_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { projectQuerySchema } from '../auth/session-schema'
import { type SignInSiteMismatch, signInSiteMismatch } from '../auth/sign-in-site'
import { InvalidKeyError, InvalidRequestError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import { createOriginMatcher } from '../projects/origin-pattern'
import type { RouteOptions } from '../server-context'
import { FARCASTER_CHANNEL_BODY_LIMIT_BYTES, FARCASTER_CHANNEL_LIMITS } from './channel-routes'
import { type Channel, createChannelStore, newChannelToken, newNonce } from './channels'
import { FarcasterNonceUsedError, FarcasterOriginNotAllowedError } from './farcaster-errors'

const SITE_REFUSALS: Record<SignInSiteMismatch, string> = {
  'domain-not-origin': 'the domain is not the host of the page that asks',
  'uri-not-origin': 'the URI is not on the origin of the page that asks',
  'uri-not-domain': 'the URI is not on the domain',
  'origin-not-allowed': 'the domain is not one of the project’s allowed origins',
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

const schema = {
  querystring: projectQuerySchema,
  body: CreateChannelBody,
  response: { 201: CreateChannelAnswer, ...errorResponses },
}

export const createChannelRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const { config, rateLimiter } = context
  const store = createChannelStore(context.cache)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      FARCASTER_CHANNEL_PATH,
      { bodyLimit: FARCASTER_CHANNEL_BODY_LIMIT_BYTES, schema },
      async (request, reply) => {
        const project = request.project
        if (!project) throw new InvalidKeyError()
        const body = request.body
        if (!URL.canParse(body.siweUri)) throw new InvalidRequestError('siweUri is not a URL')
        if (body.redirectUrl !== undefined && !URL.canParse(body.redirectUrl)) {
          throw new InvalidRequestError('redirectUrl is not a URL')
        }
        const mismatch = signInSiteMismatch(
          { domain: body.domain, uri: body.siweUri },
          createOriginMatcher(project.allowedOrigins),
          request.headers.origin,
        )
        if (mismatch !== undefined) {
          throw new FarcasterOriginNotAllowedError(SITE_REFUSALS[mismatch])
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
          `farcaster-channel-ip:${clientKeyOf(request)}`,
          FARCASTER_CHANNEL_LIMITS.createPerIp,
        )
        const nonce = body.nonce ?? newNonce()
        if (await store.nonceTaken(nonce)) throw new FarcasterNonceUsedError()
        const token = newChannelToken()
        const { redeemChallenge, ...signed } = body
        const params = { ...signed, nonce }
        const url = channelUrl(config.farcaster.connectUrl, token, params)
        await store.open(token, {
          projectId: project.id,
          ...(redeemChallenge === undefined ? {} : { redeemChallenge }),
          params,
          url,
          createdAt: now,
          expiresAt: now + FARCASTER_CHANNEL_TTL_SECONDS * 1000,
        })
        return reply
          .header('cache-control', 'no-store')
          .status(201)
          .send({ channelToken: token, url, connectUri: url, nonce })
      },
    )
}
