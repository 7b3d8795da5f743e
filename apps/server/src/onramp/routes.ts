// The onramp in two plugins sharing one service (and so one payout queue per server):
// `onrampApi`, the Blockchain API's onramp routes, inside the project guard; and
// `onrampCheckout`, the sandbox provider's pages, outside it, which also resumes on start the
// payouts a stop interrupted and lets the one under way finish on close.
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

export const onrampApi: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const onramp = onrampServiceOf(context, app.log)
  await app.register(getOnrampOptionsRoute, { onramp })
  await app.register(postOnrampQuoteRoute, { onramp })
  await app.register(postOnrampUrlRoute, { onramp })
  await app.register(getOnrampOrderRoute, { onramp })
}

export const onrampCheckout: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const onramp = onrampServiceOf(context, app.log)
  await app.register(checkoutRoutes, { onramp })
  app.addHook('onReady', async () => {
    onramp.payouts?.resumeUnfinished().catch((error: unknown) => {
      app.log.error({ err: error }, 'onramp: resuming payouts failed')
    })
  })
  app.addHook('onClose', async () => {
    await onramp.payouts?.close()
  })
}
