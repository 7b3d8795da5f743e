// POST /v1/embedded-wallet/social/start and /redeem (project routes; see social-login.ts in
// @portico/protocol for the flow).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SOCIAL_REDEEM_PATH, SOCIAL_START_PATH } from '@portico/protocol/route-paths'
import {
  SocialRedeemAnswer,
  SocialRedeemBody,
  SocialStartAnswer,
  SocialStartBody,
} from '@portico/protocol/social-login'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { projectQuerySchema } from '../auth/session-schema'
import { EMBEDDED_WALLET_BODY_LIMIT_BYTES } from '../embedded-wallet/embedded-wallet-constants'
import { InvalidKeyError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { createOriginMatcher } from '../projects/origin-pattern'
import { ResultUriRefusedError } from './social-errors'
import {
  redeemSocialLogin,
  type SocialLoginService,
  startSocialLogin,
} from './social-login-service'

export interface SocialProjectRouteOptions {
  service: SocialLoginService
}

const routeBase = { bodyLimit: EMBEDDED_WALLET_BODY_LIMIT_BYTES } as const

function projectOf(request: FastifyRequest) {
  const project = request.project
  if (!project) throw new InvalidKeyError()
  return project
}

/**
 * The result URI must land on a page of one of this project's origins: the host page's own,
 * which the begin step then holds the browser's Origin header to. Never the frame's: the host
 * page, not the frame, sends the popup to begin.
 */
function checkResultUri(value: string, allowedOrigins: readonly string[]): string {
  if (!URL.canParse(value)) throw new ResultUriRefusedError()
  const url = new URL(value)
  if (!/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '') {
    throw new ResultUriRefusedError()
  }
  if (!createOriginMatcher(allowedOrigins)(url.origin)) {
    throw new ResultUriRefusedError()
  }
  return url.href
}

export const socialProjectRoutes: FastifyPluginAsync<SocialProjectRouteOptions> = async (
  app,
  { service },
) => {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.post(
    SOCIAL_START_PATH,
    {
      ...routeBase,
      schema: {
        querystring: projectQuerySchema,
        body: SocialStartBody,
        response: { 200: SocialStartAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const { provider, resultUri, redeemChallenge } = request.body
      const answer = await startSocialLogin(
        service,
        clientKeyOf(request),
        {
          projectId: project.id,
          provider,
          resultUri: checkResultUri(resultUri, project.allowedOrigins),
        },
        redeemChallenge,
      )
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )
  typed.post(
    SOCIAL_REDEEM_PATH,
    {
      ...routeBase,
      schema: {
        querystring: projectQuerySchema,
        body: SocialRedeemBody,
        response: { 200: SocialRedeemAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const project = projectOf(request)
      const { state, resultCode, redeemSecret } = request.body
      const answer = await redeemSocialLogin(
        service,
        clientKeyOf(request),
        project.id,
        state,
        resultCode,
        redeemSecret,
      )
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )
}
