// The request schema shared by the image routes: one path parameter naming the image.
import { errorResponses } from '../http/error-answer'
import { sdkQueryProperties } from './sdk-query-schema'
import { IMAGE_ID_MAX_LENGTH } from './wallet-api-constants'

export function imageRouteSchema(parameter: string) {
  return {
    params: {
      type: 'object',
      required: [parameter],
      properties: { [parameter]: { type: 'string', minLength: 1, maxLength: IMAGE_ID_MAX_LENGTH } },
    },
    querystring: {
      type: 'object',
      required: ['projectId'],
      properties: sdkQueryProperties,
    },
    response: errorResponses,
  }
}
