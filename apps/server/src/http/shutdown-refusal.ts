// While the server closes (its preClose hooks run: the relay says goodbye to its sockets),
// requests still arriving on open keep-alive connections are refused with a 503 in the error
// shape. Fastify's own 503 for them (return503OnClosing) is written around the error handler.
import type { FastifyInstance } from 'fastify'
import { ShuttingDownError } from './http-errors'

/** Call before any other preClose hook is added, so requests are refused from the start. */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onRequest', async () => {
    if (closing) throw new ShuttingDownError()
  })
}
