// The request schema shared by the image routes: one path parameter naming the image.

import { SdkQuery } from '@portico/protocol/sdk-query'
import { errorResponses } from '../http/error-answer'
import { IMAGE_ID_MAX_LENGTH } from './wallet-api-constants'

export function imageRouteSchema(parameter: string) {
  return {
    params: {
      type: 'object',
      required: [parameter],
      properties: { [parameter]: { type: 'string', minLength: 1, maxLength: IMAGE_ID_MAX_LENGTH } },
    },
    querystring: SdkQuery,
    response: errorResponses,
  }
}
