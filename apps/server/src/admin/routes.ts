// The admin route group under /admin: project management for the project CLI, so it can work
// on a server that holds a PGlite data folder open. Every request needs the server's admin
// token (`authorization: Bearer <token>`); without a configured token the group is not served.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { AdminUnauthorizedError } from '../errors'
import { ADMIN_SECURITY_SCHEME } from '../openapi/openapi'
import type { RouteOptions } from '../server-context'
import { addProjectOriginsRoute } from './add-project-origins'
import { createProjectRoute } from './create-project'
import { listProjectsRoute } from './list-projects'
import { removeProjectOriginsRoute } from './remove-project-origins'

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const adminRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const token = context.config.adminToken
  if (!token) return
  app.addHook('onRequest', async (request) => {
    if (!tokenMatches(request.headers.authorization, token)) throw new AdminUnauthorizedError()
  })
  // The OpenAPI document says what the hook above enforces, on every route of this group.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [ADMIN_SECURITY_SCHEME]: [] }] }
  })
  await app.register(createProjectRoute, { context })
  await app.register(listProjectsRoute, { context })
  await app.register(addProjectOriginsRoute, { context })
  await app.register(removeProjectOriginsRoute, { context })
}
