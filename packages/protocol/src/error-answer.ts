// What every refusal of the server answers, whatever the route: `{ error: { code, message } }`
// with a fitting status; the modal shows the message.
import { type Static, Type } from 'typebox'

export const ErrorAnswer = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
})
export type ErrorAnswer = Static<typeof ErrorAnswer>
