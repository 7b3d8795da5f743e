// The session a request's `Authorization: Bearer <token>` stands for, in the request's project.
import type { FastifyRequest } from 'fastify'
import { InvalidKeyError } from '../errors'
import type { ServerContext } from '../server-context'
import { MissingSessionTokenError, SessionExpiredError } from './auth-errors'
import { findSessionByToken, type SessionOwner } from './session-store'

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/

/** Throws 401: MissingSessionTokenError without a token, SessionExpiredError when it is not live. */
export async function bearerSession(
  context: ServerContext,
  request: FastifyRequest,
): Promise<SessionOwner> {
  const project = request.project
  if (!project) throw new InvalidKeyError()
  const header = request.headers.authorization
  if (header === undefined) throw new MissingSessionTokenError()
  const token = BEARER.exec(header)?.[1]
  if (token === undefined) throw new SessionExpiredError()
  const owner = await findSessionByToken(context.db, project.id, token, context.clock())
  if (!owner) throw new SessionExpiredError()
  return owner
}
