// GET /public/getAssetImage/{id} (a network, by CAIP-2 id), /public/getCurrencyImage/{id} (a
// fiat currency, by ISO 4217 code) and /public/getTokenImage/{id} (a token, by symbol): SVG.
import type { FastifyPluginAsync } from 'fastify'
import type { ImageRouteOptions } from './get-wallet-image'
import { imageRouteSchema } from './image-schema'
import type { ImageKind } from './images/image-catalogue'
import { sendImage } from './images/image-reply'
import { ImageNotFoundError } from './wallet-api-errors'

const schema = imageRouteSchema('id')

const PUBLIC_IMAGES: ReadonlyArray<[path: string, kind: ImageKind]> = [
  ['/public/getAssetImage/:id', 'asset'],
  ['/public/getCurrencyImage/:id', 'currency'],
  ['/public/getTokenImage/:id', 'token'],
]

export const getPublicImagesRoute: FastifyPluginAsync<ImageRouteOptions> = async (
  app,
  { images },
) => {
  for (const [path, kind] of PUBLIC_IMAGES) {
    app.get<{ Params: { id: string } }>(path, { schema }, async (request, reply) => {
      const image = images.find(kind, request.params.id)
      if (!image) throw new ImageNotFoundError()
      return sendImage(request, reply, image)
    })
  }
}
