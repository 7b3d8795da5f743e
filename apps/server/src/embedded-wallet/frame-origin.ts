// Which browser origins may call which project route. The embedded wallet frame has an origin
// of its own (the server's frame listener), which no project lists, and it exists so that the
// host page never touches a session, a code or a share: the embedded wallet's routes take a
// browser's request only from the frame's origin, never from the project's pages (whose every
// script, the host's own and any it loads, could otherwise call them). Besides its own routes the
// frame calls a short allow list of the pages' routes, by method and exact path: the RPC proxy
// (`/v1?chainId=...`), and, for the confirm it shows before signing, the swap token list (the
// chain's known tokens and router) and token prices (the network fee in USD). A route added later
// is closed to the frame until it is named here. Every other project route is the pages' alone.
// A request without an Origin (a server, a native app) is not the guard's to refuse. The social
// login's begin form and the provider's callback are top-level navigations outside the guard,
// each with an origin rule of its own (social/).

import { EMBEDDED_WALLET_API_PREFIX } from '@portico/protocol/route-paths'
import type { FastifyRequest } from 'fastify'
import type { OriginRule } from '../projects/project-guard'

const EMBEDDED_WALLET_ROUTES = `${EMBEDDED_WALLET_API_PREFIX}/`

/** Method and path of each of the pages' routes that the frame calls too. */
const SHARED_WITH_FRAME: ReadonlySet<string> = new Set([
  'POST /v1',
  'GET /v1/convert/tokens',
  'POST /v1/fungible/price',
])

/**
 * Whether the request is for an embedded wallet route: by the route it matched and by its path
 * (a preflight matches only the catch-all OPTIONS route), so no spelling of a path slips by.
 */
function isEmbeddedWalletRoute(path: string, request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? ''
  return route.startsWith(EMBEDDED_WALLET_ROUTES) || path.startsWith(EMBEDDED_WALLET_ROUTES)
}

/** The method a request is for; a preflight names the one it asks about. */
function methodOf(request: FastifyRequest): string {
  return request.method === 'OPTIONS'
    ? String(request.headers['access-control-request-method'] ?? '').toUpperCase()
    : request.method
}

/** The project guard's origin rule with the frame at `frameOrigin` (undefined: no frame). */
export function frameOriginRule(frameOrigin: string | undefined): OriginRule {
  return (origin, request, projectAllows) => {
    const isFrame = frameOrigin !== undefined && origin === frameOrigin
    const path = request.url.split('?', 1)[0] ?? ''
    if (isEmbeddedWalletRoute(path, request)) return isFrame
    if (isFrame && SHARED_WITH_FRAME.has(`${methodOf(request)} ${path}`)) return true
    return projectAllows
  }
}
