// Token icons are served by our own server's Wallet API (`/public/getTokenImage/{symbol}`).
// Answers that may be cached keep the path only; the server's public origin is put in front
// when answering.
import { imagePath } from '@portico/protocol/wallet-images'
import type { FastifyRequest } from 'fastify'

export function tokenIconPath(symbol: string): string {
  return imagePath('token', symbol)
}

/**
 * `https://api.example.com`: the server's configured public origin (http/public-api-url.ts), not
 * the Host header the request came with (the client writes that).
 */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.portico.publicApiUrl.origin
}

/**
 * The icon's full URL for the caller: our origin, the path, and the caller's project id (the
 * image routes sit behind the project guard; an <img> cannot send it any other way).
 */
export function iconUrlFor(request: FastifyRequest, iconPath: string): string {
  const projectId = request.project?.id
  const query = projectId ? `?projectId=${encodeURIComponent(projectId)}` : ''
  return `${publicOrigin(request)}${iconPath}${query}`
}
