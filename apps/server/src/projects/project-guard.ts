// The check in front of every project-scoped route: the `projectId` query parameter must name
// a project (401 'Unauthorized: invalid key'), and a request's Origin, when it has one, must be
// among the project's allowed origins (403 'Unauthorized: origin not allowed'). Allowed origins
// get CORS headers; preflight requests are answered here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CORS_MAX_AGE_SECONDS } from '../constants'
import { InvalidKeyError, OriginNotAllowedError } from '../errors'
import type { ProjectDirectory } from './project-directory'
import type { Project } from './project-store'

declare module 'fastify' {
  interface FastifyRequest {
    /** The project of a project-scoped request, set by the project guard. */
    project: Project | null
  }
}

const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/
const MAX_REQUESTED_HEADERS_LENGTH = 1000

function projectIdOf(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined
  return query?.projectId
}

function isPreflight(request: FastifyRequest): boolean {
  return (
    request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined
  )
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const requested = request.headers['access-control-request-headers']
  const headers =
    typeof requested === 'string' &&
    requested.length <= MAX_REQUESTED_HEADERS_LENGTH &&
    HEADER_LIST.test(requested)
      ? requested
      : 'content-type'
  return reply
    .code(204)
    .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
    .header('access-control-allow-headers', headers)
    .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
    .header('vary', 'Origin, Access-Control-Request-Headers')
    .send()
}

/** Adds the guard to every route of `scope` (and an OPTIONS route for preflights). */
export function guardProjectRoutes(
  scope: FastifyInstance,
  directory: ProjectDirectory,
  /** Origins no project lists that may call some routes (the embedded wallet frame's). */
  alsoAllowed: (origin: string, request: FastifyRequest) => boolean = () => false,
): void {
  scope.decorateRequest('project', null)

  scope.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin')
    const projectId = projectIdOf(request)
    const access = typeof projectId === 'string' ? await directory.lookup(projectId) : undefined
    if (!access) throw new InvalidKeyError()
    const origin = request.headers.origin
    if (origin !== undefined) {
      if (!access.allowsOrigin(origin) && !alsoAllowed(origin, request)) {
        throw new OriginNotAllowedError()
      }
      reply.header('access-control-allow-origin', origin)
    }
    request.project = access.project
    if (isPreflight(request)) return answerPreflight(request, reply)
  })

  // Without a route Fastify would answer preflights 404 before the hook could.
  scope.options('/*', async (_request, reply) => reply.code(204).send())
}
