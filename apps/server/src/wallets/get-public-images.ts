// GET /public/getAssetImage/{id} (a network, by CAIP-2 id), /public/getCurrencyImage/{id} (a
// fiat currency, by ISO 4217 code) and /public/getTokenImage/{id} (a token, by symbol): SVG.
import { IMAGE_PATHS, type ImageKind } from '@portico/protocol/wallet-images'
import type { FastifyPluginAsync } from 'fastify'
import type { ImageRouteOptions } from './get-wallet-image'
import { imageRouteSchema } from './image-schema'
import { sendImage } from './images/image-reply'
import { ImageNotFoundError } from './wallet-api-errors'

const schema = imageRouteSchema('id')

const PUBLIC_IMAGES: readonly ImageKind[] = ['asset', 'currency', 'token']

export const getPublicImagesRoute: FastifyPluginAsync<ImageRouteOptions> = async (
  app,
  { images },
) => {
  for (const kind of PUBLIC_IMAGES) {
    app.get<{ Params: { id: string } }>(IMAGE_PATHS[kind], { schema }, async (request, reply) => {
      const image = images.find(kind, request.params.id)
      if (!image) throw new ImageNotFoundError()
      return sendImage(request, reply, image)
    })
  }
}
