// `T | null` as `{ type: [T, 'null'] }`: the form Fastify's serializer writes fastest and Ajv
// reads as it is (TypeBox's Union would give anyOf).
import { type Static, type TNumber, type TString, type TUnsafe, Type } from 'typebox'

export function Nullable<T extends TString | TNumber>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] })
}
