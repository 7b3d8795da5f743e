// Sign In With Farcaster (FIP-11): the auth relay channel (public, at /v1/channel) and the
// embedded wallet login that redeems a completed channel (project scoped). server.ts registers
// the channel routes beside the other public routes and the login inside the project guard.
export { farcasterChannelRoutes } from './channel-routes'
export { farcasterLoginRoute } from './login-route'
