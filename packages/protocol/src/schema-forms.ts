// Two schema forms written the way Fastify's serializer handles fastest and Ajv reads as they
// are: `T | null` as `{ type: [T, 'null'] }` and a set of strings as `{ enum }` (TypeBox's
// Union would give anyOf, which the serializer resolves by validating each branch).
import { type Static, type TNumber, type TString, type TUnsafe, Type } from 'typebox'

export function Nullable<T extends TString | TNumber>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] })
}

export function StringEnum<const T extends readonly string[]>(values: T): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values })
}
