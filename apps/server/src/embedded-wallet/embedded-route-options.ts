// What each embedded wallet route plugin is given, and the parts every route's schema shares.
import { projectQuerySchema } from '../auth/session-schema'
import { errorResponses } from '../http/error-answer'
import { EMBEDDED_WALLET_BODY_LIMIT_BYTES } from './embedded-wallet-constants'
import type { EmbeddedWalletService } from './embedded-wallet-service'

export interface EmbeddedRouteOptions {
  service: EmbeddedWalletService
}

/** Every route is project scoped (`?projectId=`) and takes small bodies only. */
export const routeBase = { bodyLimit: EMBEDDED_WALLET_BODY_LIMIT_BYTES } as const
export const baseSchema = { querystring: projectQuerySchema }
export { errorResponses }
