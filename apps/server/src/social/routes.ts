// Social login's routes in two plugins: start and redeem are project routes (the frame calls
// them, behind the project guard like the rest of the embedded wallet); the callback is where
// the provider sends the person's browser, so it takes no projectId (the state names the
// project) and sits outside the guard. Apple posts its callback as a form (form_post).

import { createHmac } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { loadShareSealKey, shareSealKeyFileOf } from '../embedded-wallet/share-seal-key'
import type { RouteOptions } from '../server-context'
import { socialCallbackRoutes } from './social-callback-routes'
import type { SocialLoginService } from './social-login-service'
import { socialProjectRoutes } from './social-project-routes'

function createSocialService(context: RouteOptions['context']): SocialLoginService {
  const { config } = context
  const sealKey = loadShareSealKey(
    config.embeddedWallet.shareSealKey,
    shareSealKeyFileOf(config.embeddedWallet.shareSealKeyFile, config.dataDir),
  )
  return {
    db: context.db,
    config: config.socialLogin,
    // Its own key, so a state's verifier says nothing about the seal or the code hashes.
    secret: createHmac('sha256', sealKey).update('portico social login state v1').digest(),
    rateLimiter: context.rateLimiter,
    clock: context.clock,
    limits: config.embeddedWallet.codeLimits,
  }
}

/** Start and redeem: registered inside the project guard, as the embedded wallet's routes. */
export const socialLoginRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(socialProjectRoutes, {
    service: createSocialService(context),
    frameOrigin: context.config.frameOrigin,
  })
}

/** The provider's callback: outside the project guard (the state names the project). */
export const socialCallbackPlugin: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(socialCallbackRoutes, { service: createSocialService(context) })
}
