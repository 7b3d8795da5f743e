// GET /v1/identity/{address} answers the address's name and avatar, each null when unknown.
import { type Static, Type } from 'typebox'
import { Nullable } from './schema-forms'

export const Identity = Type.Object({
  name: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
})
export type Identity = Static<typeof Identity>
