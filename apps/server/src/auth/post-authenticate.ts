// POST /auth/v1/authenticate?projectId= with `{ message, signature, cacao? }`: signs in with a
// signed CAIP-122 message (sign-in.ts has the rules) and answers `{ token, session }`; the
// token is the bearer of the session routes. Rate limited per client (project + IP) and per IP
// before anything is checked: 429 with Retry-After.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AuthenticateAnswer, AuthenticateBody } from '@portico/protocol/auth'
import { AUTH_AUTHENTICATE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidKeyError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import type { RouteOptions } from '../server-context'
import { AUTH_AUTHENTICATE_IP_RATE_LIMIT, AUTH_AUTHENTICATE_RATE_LIMIT } from './auth-constants'
import { projectQuerySchema } from './session-schema'
import { signIn } from './sign-in'

const schema = {
  querystring: projectQuerySchema,
  body: AuthenticateBody,
  response: { 200: AuthenticateAnswer, ...errorResponses },
}

export const postAuthenticateRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(AUTH_AUTHENTICATE_PATH, { schema }, async (request, reply) => {
      if (!request.project) throw new InvalidKeyError()
      const { rateLimiter } = context
      await enforceRateLimit(
        rateLimiter,
        `auth-authenticate:${request.project.id}:${clientKeyOf(request)}`,
        AUTH_AUTHENTICATE_RATE_LIMIT,
      )
      await enforceRateLimit(
        rateLimiter,
        `auth-authenticate-ip:${clientKeyOf(request)}`,
        AUTH_AUTHENTICATE_IP_RATE_LIMIT,
      )
      const { message, signature, cacao } = request.body
      const answer = await signIn(
        {
          db: context.db,
          rateLimiter,
          now: context.clock,
          upstream: context.upstream,
          requireChain: (chainId) => context.chains.resolve(chainId),
          rpcUrlOf: (chainId) => context.chains.resolve(chainId).rpcUrl,
        },
        { project: request.project, origin: request.headers.origin, message, signature, cacao },
      )
      return reply.header('cache-control', 'no-store').send(answer)
    })
}
