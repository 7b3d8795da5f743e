// What every signed-in route of the embedded wallet starts with: the live session its
// `Authorization: Bearer <token>` stands for in the request's project, and who asks.

import type { FastifyRequest } from 'fastify'
import { InvalidKeyError, InvalidRequestError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import type { LiveSession } from './embedded-sessions'
import { findEmbeddedSession } from './embedded-sessions'
import { EmbeddedSessionExpiredError, MissingEmbeddedSessionError } from './embedded-wallet-errors'
import type { Asker, EmbeddedWalletService } from './embedded-wallet-service'

/** 32 random bytes in base64url. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/

export function askerOf(request: FastifyRequest): Asker {
  const project = request.project
  if (!project) throw new InvalidKeyError()
  return { projectId: project.id, projectName: project.name, client: clientKeyOf(request) }
}

/** Throws 401: MissingEmbeddedSessionError without a token, 'Session Expired' for a dead one. */
export async function embeddedSession(
  service: EmbeddedWalletService,
  request: FastifyRequest,
): Promise<LiveSession> {
  const { projectId } = askerOf(request)
  const header = request.headers.authorization
  if (header === undefined) throw new MissingEmbeddedSessionError()
  const token = BEARER.exec(header)?.[1]
  if (token === undefined) throw new EmbeddedSessionExpiredError()
  const session = await findEmbeddedSession(service.db, projectId, token, service.clock())
  if (!session) throw new EmbeddedSessionExpiredError()
  return session
}

/**
 * Routes that take no body accept none or `{}`; anything else is refused (a body schema would
 * refuse the empty request a client sends with no content-type).
 */
export function refuseBody(request: FastifyRequest): void {
  const { body } = request
  if (body === undefined || body === null) return
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return
  throw new InvalidRequestError('This route takes no body (or {})')
}
