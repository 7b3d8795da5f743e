// The Wallet API route group (docs/product.md#wallet-api): the wallet list, images, the allowed
// origins and analytics setting. Registered inside the project guard.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { getAnalyticsConfigRoute } from './get-analytics-config'
import { getProjectOriginsRoute } from './get-project-origins'
import { getPublicImagesRoute } from './get-public-images'
import { getWalletImageRoute } from './get-wallet-image'
import { getWalletsRoute } from './get-wallets'
import { ImageCatalogue } from './images/image-catalogue'
import { loadLogos } from './images/logo-sources'
import { loadServedRegistry } from './registry/registry-choice'

export const walletsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const registry = await loadServedRegistry(context.config.walletRegistry)
  const images = new ImageCatalogue(registry, await loadLogos())
  await app.register(getWalletsRoute, { context, wallets: registry.wallets })
  await app.register(getWalletImageRoute, { context, images })
  await app.register(getPublicImagesRoute, { context, images })
  await app.register(getProjectOriginsRoute, { context })
  await app.register(getAnalyticsConfigRoute, { context })
}
