// The embedded wallet's API (/v1/embedded-wallet/...), one plugin: e-mail login codes,
// sessions, the wallet's server-held shares, e-mail change, key export, sign-out (the routes:
// route-table.ts). Project scoped; the frame's own origin is let through by the project guard
// (frame-origin.ts).
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { createCodeMailer } from './code-mailer'
import { registerEmbeddedRoutes } from './embedded-route'
import { createEmbeddedWalletPruner } from './embedded-wallet-pruning'
import type { EmbeddedWalletService } from './embedded-wallet-service'
import { EMBEDDED_WALLET_ROUTES } from './route-table'
import { createShareSeal } from './share-seal'
import { loadShareSealKey, shareSealKeyFileOf } from './share-seal-key'

export const embeddedWalletRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const { config } = context
  const settings = config.embeddedWallet
  const key = loadShareSealKey(
    settings.shareSealKey,
    shareSealKeyFileOf(settings.shareSealKeyFile, config.dataDir),
  )
  const mailer = createCodeMailer(settings.smtpUrl, settings.mailFrom)
  app.addHook('onClose', async () => mailer.close())
  const service: EmbeddedWalletService = {
    db: context.db,
    seal: createShareSeal(key),
    mailer,
    rateLimiter: context.rateLimiter,
    clock: context.clock,
    limits: settings.codeLimits,
    pruneIfDue: createEmbeddedWalletPruner(context.db),
  }
  registerEmbeddedRoutes(app, EMBEDDED_WALLET_ROUTES, service)
}
