// What the account routes (history, NFTs) share in their schemas: the `{account}` path
// parameter (checked as CAIP-10 or an address by the route itself, for the spec's messages).
// Their queries are the protocol's (HistoryQuery, NftsQuery).
import { Type } from '@fastify/type-provider-typebox'

export const accountParamsSchema = Type.Object({ account: Type.String() })
