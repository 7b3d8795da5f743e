// The first step of closing the server (SIGTERM in main.ts, or any `close()`): stop taking new
// connections and let the requests already under way finish before anything else closes. The
// relay's goodbye, the refusal of late requests (shutdown-refusal.ts) and the database come
// after, in later close hooks.
import type { FastifyInstance } from 'fastify'

/**
 * How long closing waits for requests under way (ours): longer than the upstream budget of
 * an RPC call (RPC_TIMEOUT_MS, 10 s in all), so a proxied call in flight gets its answer; a
 * request still running after it is cut when the connections are closed.
 */
export const SHUTDOWN_DRAIN_LIMIT_MS = 15_000

/** Call before any other preClose hook is added, so the draining comes first. */
export function drainRequestsOnClose(
  app: FastifyInstance,
  limitMs: number = SHUTDOWN_DRAIN_LIMIT_MS,
): void {
  let underWay = 0
  let draining = false
  let idle: (() => void) | undefined
  app.addHook('onRequest', async (_request, reply) => {
    underWay++
    // 'close' comes once the answer is written or the client went away, whichever is first.
    reply.raw.once('close', () => {
      underWay--
      if (underWay === 0) idle?.()
    })
  })
  // A request that began before closing gets `Connection: close` on its answer too, so its
  // keep-alive connection ends with it instead of being cut later.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })
  app.addHook('preClose', async () => {
    draining = true
    // No new connections from here; Node closes the idle keep-alive ones at once, and Fastify
    // (closing) marks each answer to a request begun from now `Connection: close`.
    if (app.server.listening) app.server.close()
    app.log.info({ requests: underWay }, 'draining: no new connections')
    if (underWay === 0) return
    let timer: NodeJS.Timeout | undefined
    await new Promise<void>((resolve) => {
      idle = resolve
      timer = setTimeout(resolve, limitMs)
    })
    clearTimeout(timer)
    idle = undefined
  })
}
