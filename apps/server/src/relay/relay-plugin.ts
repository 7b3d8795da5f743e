// The WalletConnect relay as a Fastify plugin: attaches its WebSocket endpoint to the server and
// closes it before the server closes (sockets first, then the mailbox drains while the database
// is still open). Without `config.relay.enabled` nothing is attached.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { attachRelay } from './relay-server'

export const relayPlugin: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  if (!context.config.relay.enabled) return
  const relay = await attachRelay(app, context, context.config.relay)
  app.addHook('preClose', relay.close)
}

// Not encapsulated (what fastify-plugin marks): the relay is decorated on the server itself,
// `app.relay`, and listens on its HTTP server's upgrades.
Object.assign(relayPlugin, { [Symbol.for('skip-override')]: true })
