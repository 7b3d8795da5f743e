// GET /getWalletImage/{imageId} : a wallet's image (SVG), by the image_id of its list item.
import { IMAGE_PATHS } from '@portico/protocol/wallet-images'
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { imageRouteSchema } from './image-schema'
import type { ImageCatalogue } from './images/image-catalogue'
import { sendImage } from './images/image-reply'
import { ImageNotFoundError } from './wallet-api-errors'

export interface ImageRouteOptions extends RouteOptions {
  images: ImageCatalogue
}

const schema = imageRouteSchema('imageId')

export const getWalletImageRoute: FastifyPluginAsync<ImageRouteOptions> = async (
  app,
  { images },
) => {
  app.get<{ Params: { imageId: string } }>(
    IMAGE_PATHS.wallet,
    { schema },
    async (request, reply) => {
      const image = images.find('wallet', request.params.imageId)
      if (!image) throw new ImageNotFoundError()
      return sendImage(request, reply, image)
    },
  )
}
