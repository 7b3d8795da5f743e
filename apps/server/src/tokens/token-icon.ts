// Token icons are served by our own server's Wallet API (`/public/getTokenImage/{symbol}`).
// Answers that may be cached keep the path only; the origin the caller reached us on is put in
// front when answering, so a cached entry is right for every host name the server has.
import type { FastifyRequest } from 'fastify'

export function tokenIconPath(symbol: string): string {
  return `/public/getTokenImage/${encodeURIComponent(symbol)}`
}

/** `http://127.0.0.1:8787`: the scheme and host the request came in on. */
export function publicOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
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
