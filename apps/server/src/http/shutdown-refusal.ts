// While the server closes, after the drain (its later preClose hooks run: the relay says
// goodbye to its sockets), requests still arriving on open connections are refused with a 503
// in the error shape. Fastify's own 503 for them (return503OnClosing) is written around the
// error handler.
import type { FastifyInstance } from 'fastify'
import { ShuttingDownError } from './http-errors'

/**
 * Call right after drainRequestsOnClose (shutdown-drain.ts) and before any other preClose hook:
 * once the requests under way have finished, later ones are refused.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async () => {
    if (closing) throw new ShuttingDownError()
  })
}
