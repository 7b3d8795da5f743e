// How one row of the embedded wallet's route table (route-table.ts) becomes a Fastify route. Every
// route shares the same frame: project scoped (`?projectId=`), small bodies, the error answers,
// `cache-control: no-store` on every answer, and the guards a row names run in its order before
// its handler: `no-body` refuses a body other than none or `{}`, `session` finds the live
// session of `Authorization: Bearer <token>` (401 without one) and hands it to the handler.
import type { Static, TSchema } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { projectQuerySchema } from '../auth/session-schema'
import { errorResponses } from '../http/error-answer'
import { askerOf, embeddedSession, refuseBody } from './embedded-bearer'
import type { LiveSession } from './embedded-sessions'
import { EMBEDDED_WALLET_BODY_LIMIT_BYTES } from './embedded-wallet-constants'
import type { Asker, EmbeddedWalletService } from './embedded-wallet-service'

export type EmbeddedGuard = 'no-body' | 'session'

/** A body's or answer's type; undefined for a row without one (no body, a 204). */
type ShapeOf<S extends TSchema | undefined> = S extends TSchema ? Static<S> : undefined

/** What a handler is given once its row's guards passed. */
export interface EmbeddedCall<Body, Session> {
  service: EmbeddedWalletService
  body: Body
  /** The live session: set when the row has the `session` guard. */
  session: Session
  /** Who asks (the request's project and client), for codes and rate limits. */
  asker(): Asker
}

/** One row as the table declares it, typed by its body and answer shapes and its guards. */
export interface EmbeddedRouteSpec<
  Body extends TSchema | undefined,
  Answer extends TSchema | undefined,
  Guards extends readonly EmbeddedGuard[],
> {
  method: 'GET' | 'POST' | 'PUT'
  /** From @portico/protocol/route-paths. */
  url: string
  body?: Body
  /** 200 unless said; 204 answers no body. */
  status?: 200 | 201 | 204
  answer?: Answer
  guards: Guards
  /** Its answer's type comes from `answer` alone (NoInfer): what the handler returns is checked. */
  handle(
    call: EmbeddedCall<ShapeOf<Body>, 'session' extends Guards[number] ? LiveSession : undefined>,
  ): Promise<ShapeOf<NoInfer<Answer>>>
}

/** A row with its shapes erased, as the table holds it. */
export interface EmbeddedRoute {
  method: 'GET' | 'POST' | 'PUT'
  url: string
  body?: TSchema | undefined
  status?: 200 | 201 | 204 | undefined
  answer?: TSchema | undefined
  guards: readonly EmbeddedGuard[]
  // A method (not a function property): a row's handler takes its own shapes.
  handle(call: EmbeddedCall<unknown, LiveSession | undefined>): Promise<unknown>
}

/** Declares a row; the handler's body, session and answer are typed from the row itself. */
export function embeddedRoute<
  Body extends TSchema | undefined = undefined,
  Answer extends TSchema | undefined = undefined,
  const Guards extends readonly EmbeddedGuard[] = readonly EmbeddedGuard[],
>(spec: EmbeddedRouteSpec<Body, Answer, Guards>): EmbeddedRoute {
  return spec as EmbeddedRoute
}

async function guarded(
  route: EmbeddedRoute,
  service: EmbeddedWalletService,
  request: FastifyRequest,
): Promise<LiveSession | undefined> {
  let session: LiveSession | undefined
  for (const guard of route.guards) {
    if (guard === 'no-body') refuseBody(request)
    else session = await embeddedSession(service, request)
  }
  return session
}

/** Registers every row of `routes` on `app`, each handler given `service`. */
export function registerEmbeddedRoutes(
  app: FastifyInstance,
  routes: readonly EmbeddedRoute[],
  service: EmbeddedWalletService,
): void {
  for (const route of routes) {
    const status = route.status ?? 200
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: EMBEDDED_WALLET_BODY_LIMIT_BYTES,
      schema: {
        querystring: projectQuerySchema,
        ...(route.body ? { body: route.body } : {}),
        response: { ...(route.answer ? { [status]: route.answer } : {}), ...errorResponses },
      },
      handler: async (request, reply) => {
        const session = await guarded(route, service, request)
        const answer = await route.handle({
          service,
          body: request.body,
          session,
          asker: () => askerOf(request),
        })
        reply.code(status).header('cache-control', 'no-store')
        return status === 204 ? reply.send() : reply.send(answer)
      },
    })
  }
}
