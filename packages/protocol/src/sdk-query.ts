// The query parameters every call to the server carries (docs/product.md#calls): project id, the
// SDK type (`st`) and the SDK version (`sv`). The server's project guard checks projectId
// before validation; the schema only bounds it.
import { type Static, Type } from 'typebox'

/** Longest `st` and `sv`. */
export const SDK_PARAM_MAX_LENGTH = 64

export const SdkQuery = Type.Object({
  projectId: Type.String({ maxLength: 64 }),
  st: Type.Optional(Type.String({ maxLength: SDK_PARAM_MAX_LENGTH })),
  sv: Type.Optional(Type.String({ maxLength: SDK_PARAM_MAX_LENGTH })),
})
export type SdkQuery = Static<typeof SdkQuery>
