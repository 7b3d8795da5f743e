// GET (and POST, form_post) /v1/embedded-wallet/social/callback/:provider: where the provider
// sends the person back. It answers 303 to the result URI given at start (a result code, or
// the refusal), or a small 400 page when the state is not one of ours (nowhere safe to send).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SOCIAL_LOGIN_PREFIX, SocialProviderName } from '@portico/protocol/social-login'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { type Static, Type } from 'typebox'
import { errorResponses } from '../http/error-answer'
import {
  type CallbackInput,
  finishSocialLogin,
  type SocialLoginService,
} from './social-login-service'

const Short = (max: number) => Type.Optional(Type.String({ maxLength: max }))
const BODY_LIMIT = 8192

/** What providers send back: ours, plus the extras Google and Apple add (ignored, but for Apple's `user`). */
const CallbackParams = Type.Object(
  {
    state: Short(100),
    code: Short(2048),
    error: Short(100),
    error_description: Short(500),
    error_uri: Short(500),
    iss: Short(500),
    scope: Short(500),
    authuser: Short(20),
    prompt: Short(50),
    hd: Short(255),
    // Apple posts the person's name once, as JSON text (apple-user-field.ts). Bounded only by
    // the body: an overlong one is ignored there rather than refused here, which would fail
    // the login.
    user: Short(BODY_LIMIT),
  },
  { additionalProperties: false },
)
type CallbackParams = Static<typeof CallbackParams>

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const socialCallbackRoutes: FastifyPluginAsync<{ service: SocialLoginService }> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: Static<typeof SocialProviderName>,
    params: CallbackParams,
    posted: boolean,
  ) => {
    const input: CallbackInput = {
      state: params.state,
      code: params.code,
      error: params.error,
      // Only Apple sends it, and only in its form post: from anywhere else it is not Apple's.
      appleUser: provider === 'apple' && posted ? params.user : undefined,
    }
    const outcome = await finishSocialLogin(
      service,
      request.ip,
      provider,
      input,
      `${request.protocol}://${request.host}`,
      (message) => request.log.warn(message),
    )
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    if ('redirect' in outcome) return reply.code(303).header('location', outcome.redirect).send()
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><title>Login failed</title><h1>Login failed</h1><p>${escapeHtml(outcome.refused)}</p></html>`,
      )
  }
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const Params = Type.Object({ provider: SocialProviderName }, { additionalProperties: false })
  typed.get(
    `${SOCIAL_LOGIN_PREFIX}/callback/:provider`,
    { schema: { params: Params, querystring: CallbackParams, response: errorResponses } },
    async (request, reply) => answer(request, reply, request.params.provider, request.query, false),
  )
  typed.post(
    `${SOCIAL_LOGIN_PREFIX}/callback/:provider`,
    {
      bodyLimit: BODY_LIMIT,
      schema: { params: Params, body: CallbackParams, response: errorResponses },
    },
    async (request, reply) => answer(request, reply, request.params.provider, request.body, true),
  )
}
