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
import { walletRegistry } from './registry/wallet-registry'

export const walletRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const images = new ImageCatalogue(walletRegistry, await loadLogos())
  await app.register(getWalletsRoute, { context })
  await app.register(getWalletImageRoute, { context, images })
  await app.register(getPublicImagesRoute, { context, images })
  await app.register(getProjectOriginsRoute, { context })
  await app.register(getAnalyticsConfigRoute, { context })
}
