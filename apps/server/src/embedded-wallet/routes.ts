// The embedded wallet's API (/v1/embedded-wallet/...), one plugin: e-mail login codes,
// sessions, the wallet's server-held shares, e-mail change, key export, sign-out. Project
// scoped; the frame's own origin is let through by the project guard (frame-origin.ts).
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { createCodeMailer } from './code-mailer'
import { createEmbeddedWalletPruner } from './embedded-wallet-pruning'
import type { EmbeddedWalletService } from './embedded-wallet-service'
import { getAuthShareRoute } from './get-auth-share'
import { getMeRoute } from './get-me'
import { getRecoveryShareRoute } from './get-recovery-share'
import { postEmailOtpRoute } from './post-email-otp'
import { postEmailUpdateRoute } from './post-email-update'
import { postEmailUpdatePrimaryRoute } from './post-email-update-primary'
import { postEmailUpdateSecondaryRoute } from './post-email-update-secondary'
import { postEmailVerifyRoute } from './post-email-verify'
import { postExportOtpRoute } from './post-export-otp'
import { postExportVerifyRoute } from './post-export-verify'
import { postSignOutRoute } from './post-sign-out'
import { postWalletRoute } from './post-wallet'
import { putWalletRoute } from './put-wallet'
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
  for (const route of [
    postEmailOtpRoute,
    postEmailVerifyRoute,
    getMeRoute,
    postWalletRoute,
    putWalletRoute,
    getAuthShareRoute,
    getRecoveryShareRoute,
    postEmailUpdateRoute,
    postEmailUpdatePrimaryRoute,
    postEmailUpdateSecondaryRoute,
    postExportOtpRoute,
    postExportVerifyRoute,
    postSignOutRoute,
  ]) {
    await app.register(route, { service })
  }
}
