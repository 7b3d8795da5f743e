// The onramp in two plugins sharing one service (and so one payout queue per server):
// `onrampRoutes`, the Blockchain API's onramp routes, inside the project guard; and
// `onrampCheckoutRoutes`, the sandbox provider's pages, outside it, which also resumes on start the
// payouts a stop interrupted and lets the one under way finish on close. With the sandbox off
// (config.onramp.sandbox) there is no checkout page at all, and nothing to pay out.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { RouteOptions, ServerContext } from '../server-context'
import { checkoutRoutes } from './checkout-routes'
import { getOnrampOptionsRoute } from './get-options'
import { getOnrampOrderRoute } from './get-order'
import { OnrampService } from './onramp-service'
import { postOnrampUrlRoute } from './post-onramp-url'
import { postOnrampQuoteRoute } from './post-quote'

const services = new WeakMap<ServerContext, OnrampService>()

export function onrampServiceOf(context: ServerContext, log: FastifyBaseLogger): OnrampService {
  let service = services.get(context)
  if (!service) {
    service = new OnrampService(context, log)
    services.set(context, service)
  }
  return service
}

export const onrampRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const onramp = onrampServiceOf(context, app.log)
  await app.register(getOnrampOptionsRoute, { onramp })
  await app.register(postOnrampQuoteRoute, { onramp })
  await app.register(postOnrampUrlRoute, { onramp })
  await app.register(getOnrampOrderRoute, { onramp })
}

export const onrampCheckoutRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const onramp = onrampServiceOf(context, app.log)
  const payouts = onramp.payouts
  if (!payouts) return
  await app.register(checkoutRoutes, { onramp })
  app.addHook('onReady', async () => {
    payouts.resumeUnfinished().catch((error: unknown) => {
      app.log.error({ err: error }, 'onramp: resuming payouts failed')
    })
  })
  app.addHook('onClose', async () => {
    await payouts.close()
  })
}
