// The first step of closing the server (SIGTERM in main.ts, or any `close()`): stop taking new
// connections and let the requests already under way finish before anything else closes. The
// relay's goodbye, the refusal of late requests (shutdown-refusal.ts) and the database come
// after, in later close hooks.
import { Server as NetServer, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * How long closing waits for requests under way (ours): longer than the upstream budget of
 * an RPC call (RPC_TIMEOUT_MS, 10 s in all), so a proxied call in flight gets its answer; a
 * request still running after it is cut when the connections are closed.
 */
export const SHUTDOWN_DRAIN_LIMIT_MS = 15_000

/**
 * How long a keep-alive connection may stay quiet during the drain before it is closed (ours).
 * A client busy on it sends its next request within this and gets an answer (with `Connection:
 * close`); closing an idle connection at once resets the request a client may already have
 * put on the wire, which it sees as a failure of a request the server never read.
 */
export const SHUTDOWN_IDLE_GRACE_MS = 500

/** Call before any other preClose hook is added, so the draining comes first. */
export function drainRequestsOnClose(
  app: FastifyInstance,
  limitMs: number = SHUTDOWN_DRAIN_LIMIT_MS,
): void {
  let underWay = 0
  let draining = false
  /** Sockets that carried a request and are open (a relay socket never passes here). */
  const httpSockets = new Set<Socket>()
  let changed: (() => void) | undefined
  const change = () => changed?.()
  /** Resolves at the next request's start or end, or after `ms`. */
  const nextChange = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      changed = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  app.addHook('onRequest', async (request, reply) => {
    underWay++
    const socket = request.raw.socket
    if (!httpSockets.has(socket)) {
      httpSockets.add(socket)
      socket.once('close', () => httpSockets.delete(socket))
    }
    change()
    // 'close' comes once the answer is written or the client went away, whichever is first.
    reply.raw.once('close', () => {
      underWay--
      change()
    })
  })
  // A request that began before closing gets `Connection: close` on its answer too, so its
  // keep-alive connection ends with it.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })
  app.addHook('preClose', async () => {
    draining = true
    // No new connections from here. The net server's close, not the HTTP server's: that one
    // also closes idle keep-alive connections at once (see SHUTDOWN_IDLE_GRACE_MS).
    if (app.server.listening) NetServer.prototype.close.call(app.server)
    app.log.info({ requests: underWay }, 'draining: no new connections')
    const deadline = performance.now() + limitMs
    for (;;) {
      const left = deadline - performance.now()
      if (left <= 0) break
      if (underWay > 0) {
        await nextChange(left)
        continue
      }
      if (httpSockets.size === 0) break
      // Quiet for the grace with connections still open: they are idle, not busy.
      let active = false
      changed = () => {
        active = true
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, SHUTDOWN_IDLE_GRACE_MS)))
      if (!active && underWay === 0) break
    }
    changed = undefined
    app.server.closeIdleConnections()
  })
}
