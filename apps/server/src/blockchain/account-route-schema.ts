// What the account routes (history, NFTs) share in their schemas: the `{account}` path
// parameter (checked as CAIP-10 or an address by the route itself, for the spec's messages) and
// the SDK query parameters every call carries.
import { sdkQueryProperties } from '../wallets/sdk-query-schema'

export const accountParamsSchema = {
  type: 'object',
  required: ['account'],
  properties: { account: { type: 'string' } },
} as const

export const accountQueryProperties = {
  ...sdkQueryProperties,
  chainId: { type: 'string', maxLength: 64 },
  cursor: { type: 'string' },
} as const
