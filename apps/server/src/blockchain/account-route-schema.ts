// What the account routes (history, NFTs) share in their schemas: the `{account}` path
// parameter (checked as CAIP-10 or an address by the route itself, for the spec's messages) and
// the SDK query parameters every call carries.
import { Type } from '@fastify/type-provider-typebox'
import { SdkQuery } from '@portico/protocol/sdk-query'

export const accountParamsSchema = Type.Object({ account: Type.String() })

export const accountQueryProperties = {
  ...SdkQuery.properties,
  chainId: Type.Optional(Type.String({ maxLength: 64 })),
  cursor: Type.Optional(Type.String()),
}
