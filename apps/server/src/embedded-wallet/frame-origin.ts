// The embedded wallet frame has an origin of its own (the server's frame listener), which no
// project lists. The project guard lets it call what the frame needs (docs/architecture.md):
// the embedded wallet's routes and the RPC proxy (`/v1?chainId=...`), nothing else.

import { EMBEDDED_WALLET_API_PREFIX } from '@portico/protocol/embedded-wallet-api'
import type { FastifyRequest } from 'fastify'

/** Whether `origin` is the frame's and the request is for a route the frame calls. */
export function isFrameRequest(
  frameOrigin: string | undefined,
  origin: string,
  request: FastifyRequest,
): boolean {
  if (frameOrigin === undefined || origin !== frameOrigin) return false
  const path = request.url.split('?', 1)[0] ?? ''
  return path === '/v1' || path.startsWith(`${EMBEDDED_WALLET_API_PREFIX}/`)
}
