// The check in front of every project-scoped route: the `projectId` query parameter must name
// a project (401 'Unauthorized: invalid key'), and a request's Origin, when it has one, must be
// among the project's allowed origins (403 'Unauthorized: origin not allowed'), or what the
// route's own origin rule says instead (embedded-wallet/frame-origin.ts: the embedded wallet's
// routes take the frame's origin alone). Allowed origins get CORS headers; preflight requests
// are answered here, and a refused origin's preflight gets no grant.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CORS_MAX_AGE_SECONDS } from '../constants'
import { InvalidKeyError, OriginNotAllowedError, type ServerError } from '../errors'
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

/**
 * Whether a request from the browser origin `origin` may go on, given whether the project lists
 * it (`projectAllows`).
 */
export type OriginRule = (
  origin: string,
  request: FastifyRequest,
  projectAllows: boolean,
) => boolean

/** What the guard decides about a request: its project, or why it is refused. */
export type ProjectAdmission =
  | { project: Project; refusal?: undefined }
  | { project?: undefined; refusal: ServerError }

/**
 * The guard's one check, shared by the HTTP routes and the relay's upgrade: `projectId` must name
 * a project, and a browser's `origin`, when there is one, must pass `originAllowed` (given
 * whether the project lists it). A request without an Origin (a server, a native wallet) passes.
 */
export async function admitProject(
  directory: ProjectDirectory,
  projectId: unknown,
  origin: string | undefined,
  originAllowed: (origin: string, projectAllows: boolean) => boolean = (_origin, allows) => allows,
): Promise<ProjectAdmission> {
  const access = typeof projectId === 'string' ? await directory.lookup(projectId) : undefined
  if (!access) return { refusal: new InvalidKeyError() }
  if (origin !== undefined && !originAllowed(origin, access.allowsOrigin(origin))) {
    return { refusal: new OriginNotAllowedError() }
  }
  return { project: access.project }
}

/** Adds the guard to every route of `scope` (and an OPTIONS route for preflights). */
export function guardProjectRoutes(
  scope: FastifyInstance,
  directory: ProjectDirectory,
  originRule: OriginRule = (_origin, _request, projectAllows) => projectAllows,
): void {
  scope.decorateRequest('project', null)

  scope.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    const admission = await admitProject(
      directory,
      projectIdOf(request),
      origin,
      (allowed, projectAllows) => originRule(allowed, request, projectAllows),
    )
    if (admission.refusal) {
      // A page may read that its project id is unknown, so the modal can alert 'Invalid Project
      // ID' (docs/product.md#alerts): the refusal tells nothing a request without a browser
      // would not, and the server keeps no cookies a grant could expose. Only the refusal itself:
      // a preflight of an unknown project is still refused, and an origin refusal stays unreadable.
      if (
        origin !== undefined &&
        admission.refusal instanceof InvalidKeyError &&
        !isPreflight(request)
      )
        reply.header('access-control-allow-origin', origin)
      throw admission.refusal
    }
    if (origin !== undefined) reply.header('access-control-allow-origin', origin)
    request.project = admission.project
    if (isPreflight(request)) return answerPreflight(request, reply)
  })

  // Without a route Fastify would answer preflights 404 before the hook could.
  scope.options('/*', async (_request, reply) => reply.code(204).send())
}
