// Query parameters every Wallet API call carries (spec section 7: SDK type, SDK version and
// project id), as JSON schema properties for the routes' querystring schemas. The project guard
// checks projectId before validation; the schema only bounds it.
import { SDK_PARAM_MAX_LENGTH } from './wallet-api-constants'

export const sdkQueryProperties = {
  projectId: { type: 'string', maxLength: 64 },
  st: { type: 'string', maxLength: SDK_PARAM_MAX_LENGTH },
  sv: { type: 'string', maxLength: SDK_PARAM_MAX_LENGTH },
} as const
