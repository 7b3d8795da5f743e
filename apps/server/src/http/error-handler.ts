// Turns every failure into `{ error: { code, message } }` with a fitting status. Bad input is
// a 4xx with a message that says what is wrong; anything unexpected is a 500 whose details go
// to the log, never to the caller.

import type { ErrorAnswer } from '@portico/protocol/error-answer'
import type { FastifyError, FastifyInstance } from 'fastify'
import {
  BodyTooLargeError,
  InternalError,
  InvalidRequestError,
  NotFoundError,
  ServerError,
  UnsupportedMediaTypeError,
} from '../errors'

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'validation' in error)
}

export function toServerError(error: unknown): ServerError {
  if (error instanceof ServerError) return error
  if (!isFastifyError(error)) return new InternalError()
  if (error.validation) return new InvalidRequestError(`Invalid request: ${error.message}`)
  const status = error.statusCode ?? 500
  if (status === 413) return new BodyTooLargeError()
  if (status === 415) return new UnsupportedMediaTypeError()
  if (error instanceof SyntaxError) {
    return new InvalidRequestError('Invalid request: the body is not valid JSON')
  }
  // Fastify's own 4xx (empty body, bad content-length...) have messages fit to show.
  if (status >= 400 && status < 500)
    return new InvalidRequestError(`Invalid request: ${error.message}`)
  return new InternalError()
}

export function answerError(error: ServerError): ErrorAnswer {
  return { error: { code: error.code, message: error.message } }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toServerError(error)
    if (answer.status >= 500) request.log.error({ err: error }, answer.message)
    return reply.code(answer.status).headers(answer.headers).send(answerError(answer))
  })
  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send(answerError(new NotFoundError()))
  })
}
