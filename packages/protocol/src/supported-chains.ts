// GET /v1/supported-chains answers the chains the server proxies, as CAIP-2 ids.
import { type Static, Type } from 'typebox'

export const SupportedChains = Type.Object({
  http: Type.Array(Type.String()),
  ws: Type.Array(Type.String()),
})
export type SupportedChains = Static<typeof SupportedChains>
