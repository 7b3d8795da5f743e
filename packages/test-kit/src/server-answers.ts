// Where a test still stands in for our server (a failure the real one will not produce on cue,
// a call recorded to check its query), its answers are typed by @portico/protocol: the shape is
// given as the type argument, so a changed contract fails the test's type check, not production.
import type { ErrorAnswer } from '@portico/protocol/error-answer'

/** A 2xx answer whose body is the route's answer shape. */
export function protocolAnswer<Shape>(body: Shape, status = 200): Response {
  return Response.json(body, { status })
}

/** A refusal as every route of ours answers one: `{ error: { code, message } }`. */
export function errorAnswer(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } } satisfies ErrorAnswer, { status })
}
