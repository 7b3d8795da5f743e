// The admin route group under /admin: project management for the project CLI, so it can work
// on a server that holds a PGlite data folder open. Every request needs the server's admin
// token (`authorization: Bearer <token>`); without a configured token the group is not served.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { AdminUnauthorizedError } from '../errors'
import type { RouteOptions } from '../server-context'
import { addProjectOriginsRoute } from './add-project-origins'
import { createProjectRoute } from './create-project'
import { listProjectsRoute } from './list-projects'

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
  await app.register(createProjectRoute, { context })
  await app.register(listProjectsRoute, { context })
  await app.register(addProjectOriginsRoute, { context })
}
