// Answers what Node's HTTP parser refuses before any request exists ('clientError': a request
// that timed out, headers over the size limit, bytes that are not HTTP): Fastify's error handler
// never sees these, so they are written here, in the server's error shape, and the socket is
// closed (the parser cannot go on after them).
import { type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError } from 'fastify'
import { InvalidRequestError, type ServerError } from '../errors'
import { answerError } from './error-handler'
import { HeadersTooLargeError, RequestTimeoutError } from './http-errors'

export function toClientErrorAnswer(error: ConnectionError): ServerError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new RequestTimeoutError()
  if (error.code === 'HPE_HEADER_OVERFLOW') return new HeadersTooLargeError()
  return new InvalidRequestError('Invalid request: malformed HTTP')
}

/** Fastify's `clientErrorHandler`. */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // A reset socket has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  // As Node does: once a response has started on this socket, an answer would corrupt it.
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (socket.writable && !pending?.headersSent) {
    const answer = toClientErrorAnswer(error)
    const body = JSON.stringify(answerError(answer))
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}
