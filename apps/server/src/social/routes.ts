// Social login's routes in two plugins: start and redeem are project routes (the frame calls
// them, behind the project guard like the rest of the embedded wallet); begin and the callback
// are pages the person's browser goes through (the host page's form post, then the provider's
// redirect), so they take no projectId (the state names the project) and sit outside the
// guard. The begin form and Apple's callback (form_post) are HTML form posts.

import { createHmac } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { loadShareSealKey, shareSealKeyFileOf } from '../embedded-wallet/share-seal-key'
import type { RouteOptions } from '../server-context'
import { acceptFormBodies } from './form-body'
import { socialBeginRoute } from './social-begin-route'
import { providerCallbackRoutes } from './social-callback-routes'
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
    publicApiUrl: context.publicApiUrl,
    // Its own key, so a state's verifier says nothing about the seal or the code hashes.
    secret: createHmac('sha256', sealKey).update('portico social login state v1').digest(),
    rateLimiter: context.rateLimiter,
    clock: context.clock,
    limits: config.embeddedWallet.codeLimits,
  }
}

/** Start and redeem: registered inside the project guard, as the embedded wallet's routes. */
export const socialRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  await app.register(socialProjectRoutes, { service: createSocialService(context) })
}

/** Begin and the provider's callback: outside the project guard (the state names the project). */
export const socialCallbackRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const service = createSocialService(context)
  acceptFormBodies(app)
  await app.register(socialBeginRoute, { service })
  await app.register(providerCallbackRoutes, { service, cache: context.cache })
}
