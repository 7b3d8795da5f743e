// Sign In With Farcaster (FIP-11): the auth relay channel (at /v1/channel) and the embedded
// wallet login that redeems a completed channel. server.ts registers the project routes (making
// a channel, the login) inside the project guard, and the channel's authenticate and status
// (the channel token alone, any origin) beside the other public routes.
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { createChannelRoute } from './create-channel-route'
import { farcasterLoginRoute } from './login-route'

export { farcasterChannelRoutes } from './channel-routes'

export const farcasterRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await app.register(createChannelRoute, options)
  await app.register(farcasterLoginRoute, options)
}
