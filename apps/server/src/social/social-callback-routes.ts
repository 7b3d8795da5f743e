// GET (and POST, form_post) /v1/embedded-wallet/social/callback/:provider: where the provider
// sends the person back. It answers 303 to the result URI given at start (a result code, or
// the refusal), or a small 400 page when the state is not one of ours or this browser did not
// begin it (nowhere safe to send). Apple posts its answer across sites, which does not bring
// the binding cookie along (SameSite=Lax): the post is kept for two minutes under a fresh
// random token and answered with a 303 to the GET of the same callback carrying that token,
// which brings the cookie. Only the browser Apple posted from sees the token: a stranger who
// began the login itself (and so holds a binding cookie) cannot collect the victim's answer
// by the state alone.

import { randomBytes } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { routePath, SOCIAL_CALLBACK_PATH } from '@portico/protocol/route-paths'
import {
  SOCIAL_FORM_BODY_LIMIT,
  SocialCallbackForm,
  SocialCallbackParams,
} from '@portico/protocol/social-login'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Cache } from '../cache/cache'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import {
  browserBeganLogin,
  type CallbackInput,
  finishSocialLogin,
  type SocialLoginService,
} from './social-login-service'
import { refusalPage } from './social-refusal-page'
import { hashToken, isBegunState } from './social-store'

/** How long Apple's post waits for the GET it is answered with. */
const FORM_POST_TTL_MS = 2 * 60 * 1000

/** What Apple posted, waiting for the GET that brings the binding cookie. */
interface KeptFormPost {
  state: string
  code?: string | undefined
  error?: string | undefined
  user?: string | undefined
}
const keptFormPostKey = (token: string) => `social-form-post:${hashToken(token)}`

export interface SocialCallbackRouteOptions {
  service: SocialLoginService
  cache: Cache
}

export const providerCallbackRoutes: FastifyPluginAsync<SocialCallbackRouteOptions> = async (
  app,
  { service, cache },
) => {
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: SocialCallbackParams['provider'],
    input: CallbackInput,
  ) => {
    const outcome = await finishSocialLogin(
      service,
      clientKeyOf(request),
      provider,
      input,
      request.headers.cookie,
      (message) => request.log.warn(message),
    )
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    if (outcome.cookie !== undefined) reply.header('set-cookie', outcome.cookie)
    if ('redirect' in outcome) return reply.code(303).header('location', outcome.redirect).send()
    return refusalPage(reply, 'Login failed', outcome.refused)
  }
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.get(
    SOCIAL_CALLBACK_PATH,
    {
      schema: {
        params: SocialCallbackParams,
        querystring: SocialCallbackForm,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { provider } = request.params
      const { state, code, error, post } = request.query
      if (provider !== 'apple' || post === undefined || state === undefined)
        return answer(request, reply, provider, { state, code, error })
      // Apple's post, turned into this GET: taken only by the browser that began the login
      // (checked before the kept post is read or spent), only with its token and its state.
      if (!browserBeganLogin(service, state, request.headers.cookie))
        return answer(request, reply, provider, { state, code: undefined, error: undefined })
      const kept = await cache.get<KeptFormPost>(keptFormPostKey(post))
      if (kept?.state !== state)
        return answer(request, reply, provider, { state, code: undefined, error: undefined })
      await cache.delete(keptFormPostKey(post))
      // Only Apple sends `user`, and only in its form post: from anywhere else it is not Apple's.
      return answer(request, reply, provider, {
        state,
        code: kept.code,
        error: kept.error,
        appleUser: kept.user,
      })
    },
  )
  typed.post(
    SOCIAL_CALLBACK_PATH,
    {
      bodyLimit: SOCIAL_FORM_BODY_LIMIT,
      schema: { params: SocialCallbackParams, body: SocialCallbackForm, response: errorResponses },
    },
    async (request, reply) => {
      const { provider } = request.params
      const { state, code, error, user } = request.body
      // Only Apple answers by form post; another provider's post is read as its GET would be.
      if (provider !== 'apple' || state === undefined)
        return answer(request, reply, provider, { state, code, error })
      // Limited as callbacks are, since each post is kept a while.
      await enforceRateLimit(
        service.rateLimiter,
        `social-callback-ip:${clientKeyOf(request)}`,
        service.limits.verifyPerIp,
      )
      // Kept only for a login under way: anything else is refused here, as its GET would be.
      if (!(await isBegunState(service.db, state, provider, service.clock())))
        return refusalPage(reply, 'Login failed', 'This login is unknown, expired or already used.')
      const post = randomBytes(32).toString('base64url')
      await cache.set<KeptFormPost>(
        keptFormPostKey(post),
        { state, code, error, user },
        FORM_POST_TTL_MS,
      )
      const back = new URLSearchParams({ state, post })
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`${routePath(SOCIAL_CALLBACK_PATH, { provider })}?${back}`, 303)
    },
  )
}
