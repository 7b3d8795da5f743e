// Every route group of the server, in one list: server.ts registers them in this order and
// nowhere else registers a group. A feature's group is the plugin `<feature>Routes` exported from
// `<feature>/routes.ts` (README.md, "Route groups"); a new feature adds its line here.
//
// `scope` says what stands in front of the group:
// - 'project': inside the project guard (projects/project-guard.ts): `?projectId=` must name a
//   project and a browser's Origin must be one it allows (or what frame-origin.ts says);
// - 'admin': under ADMIN_PREFIX, behind the admin token (admin/routes.ts);
// - 'public': nothing; the group checks what it needs itself (a page the buyer opens, the
//   provider's callback, the relay's upgrade, the Farcaster channel's token).
import type { FastifyPluginAsync } from 'fastify'
import { adminRoutes } from './admin/routes'
import { analyticsRoutes } from './analytics/routes'
import { authRoutes } from './auth/routes'
import { blockchainRoutes } from './blockchain/routes'
import { convertRoutes } from './convert/routes'
import { embeddedWalletRoutes } from './embedded-wallet/routes'
import { farcasterChannelRoutes, farcasterRoutes } from './farcaster/routes'
import { healthRoutes } from './health/routes'
import { identityRoutes } from './identity/routes'
import { onrampCheckoutRoutes, onrampRoutes } from './onramp/routes'
import { profileRoutes } from './profile/routes'
import { relayRoutes } from './relay/routes'
import type { RouteOptions } from './server-context'
import { socialCallbackRoutes, socialRoutes } from './social/routes'
import { telemetryRoutes } from './telemetry/routes'
import { walletsRoutes } from './wallets/routes'

export type RouteScope = 'project' | 'admin' | 'public'

export interface RouteGroup {
  scope: RouteScope
  plugin: FastifyPluginAsync<RouteOptions>
}

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  { scope: 'public', plugin: healthRoutes },
  { scope: 'admin', plugin: adminRoutes },
  // The Blockchain API (docs/product.md#calls).
  { scope: 'project', plugin: blockchainRoutes },
  { scope: 'project', plugin: identityRoutes },
  { scope: 'project', plugin: convertRoutes },
  { scope: 'project', plugin: onrampRoutes },
  // The Wallet API and the rest of the modal's calls.
  { scope: 'project', plugin: walletsRoutes },
  { scope: 'project', plugin: telemetryRoutes },
  { scope: 'project', plugin: analyticsRoutes },
  { scope: 'project', plugin: authRoutes },
  { scope: 'project', plugin: embeddedWalletRoutes },
  { scope: 'project', plugin: socialRoutes },
  { scope: 'project', plugin: farcasterRoutes },
  { scope: 'project', plugin: profileRoutes },
  // The channel's authenticate and status: the channel token alone, from any origin.
  { scope: 'public', plugin: farcasterChannelRoutes },
  // The social login provider's callback: the browser comes back without a projectId.
  { scope: 'public', plugin: socialCallbackRoutes },
  { scope: 'public', plugin: relayRoutes },
  // The sandbox provider's checkout pages: opened by the buyer, outside the project guard.
  { scope: 'public', plugin: onrampCheckoutRoutes },
]
