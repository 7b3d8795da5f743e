// Sign-in with the wallet (SIWX): nonces, sign-in, the caller's sessions. Project scoped.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { deleteSessionRoute } from './delete-session'
import { getMeRoute } from './get-me'
import { getSessionsRoute } from './get-sessions'
import { postAuthenticateRoute } from './post-authenticate'
import { postNonceRoute } from './post-nonce'

export const authRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await app.register(postNonceRoute, options)
  await app.register(postAuthenticateRoute, options)
  await app.register(getSessionsRoute, options)
  await app.register(deleteSessionRoute, options)
  await app.register(getMeRoute, options)
}
