// What every refusal of the server answers, whatever the route: `{ error: { code, message } }`
// with a fitting status; the modal shows the message.
import { type Static, Type } from 'typebox'

export const ErrorAnswer = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
})
export type ErrorAnswer = Static<typeof ErrorAnswer>

/**
 * The refusal of a page whose origin is not among its project's (docs/product.md#errors): the HTTP
 * routes, the relay's upgrade and the frame's page all answer it word for word.
 */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'Unauthorized: origin not allowed'
