// POST /v1/embedded-wallet/social/begin: the form the host page posts from the window that is
// to log in (social-begin.ts for the rules). Answers 303 to the provider with the cookie that
// binds the login to this browser, or a plain 400 page.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SOCIAL_BEGIN_PATH } from '@portico/protocol/route-paths'
import { SOCIAL_FORM_BODY_LIMIT, SocialBeginForm } from '@portico/protocol/social-login'
import type { FastifyPluginAsync } from 'fastify'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { beginSocialLogin } from './social-begin'
import type { SocialLoginService } from './social-login-service'
import { refusalPage } from './social-refusal-page'

export const socialBeginRoute: FastifyPluginAsync<{ service: SocialLoginService }> = async (
  app,
  { service },
) => {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    SOCIAL_BEGIN_PATH,
    {
      bodyLimit: SOCIAL_FORM_BODY_LIMIT,
      schema: { body: SocialBeginForm, response: errorResponses },
    },
    async (request, reply) => {
      const outcome = await beginSocialLogin(
        service,
        clientKeyOf(request),
        request.body.state,
        request.headers.origin,
      )
      if ('refused' in outcome) return refusalPage(reply, 'Login not started', outcome.refused)
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('set-cookie', outcome.cookie)
        .redirect(outcome.authorizationUrl, 303)
    },
  )
}
