// Sends an image (our SVG, or an imported wallet's raster logo) with a long cache lifetime and its ETag, or 304 Not Modified
// when the request already holds that version (If-None-Match, compared weakly as RFC 9110 says).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { holdsVersion } from '../../http/entity-tag'
import { IMAGE_MAX_AGE_SECONDS } from '../wallet-api-constants'
import type { ImageAsset } from './image-catalogue'

export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: ImageAsset,
): FastifyReply {
  reply
    .header('etag', image.etag)
    .header('cache-control', `public, max-age=${IMAGE_MAX_AGE_SECONDS}`)
    // The SVG is ours and holds no script; these keep it inert even if opened on its own.
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  if (holdsVersion(request.headers['if-none-match'], image.etag)) return reply.code(304).send()
  return reply.type(image.type).send(image.body)
}
