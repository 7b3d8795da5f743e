// The WalletConnect relay as a Fastify plugin: attaches its WebSocket endpoint to the server and
// closes it before the server closes (sockets first, then the mailbox drains while the database
// is still open). Without `config.relay.enabled` nothing is attached.
import type { FastifyPluginAsync } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { RouteOptions } from '../server-context'
import { attachRelay } from './relay-server'

const relay: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  if (!context.config.relay.enabled) return
  const endpoint = await attachRelay(app, context, context.config.relay)
  app.addHook('preClose', endpoint.close)
}

// Not encapsulated: the relay is decorated on the server itself (`app.relay`) and listens on its
// HTTP server's upgrades, which belong to no route scope.
export const relayRoutes = fastifyPlugin(relay, { name: 'relay', fastify: '5.x' })
