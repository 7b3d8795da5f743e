// GET /admin/projects : every project.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ProjectListAnswer } from '@portico/protocol/admin'
import { ADMIN_PROJECTS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = { response: { 200: ProjectListAnswer, ...errorResponses } }

export const listProjectsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(ADMIN_PROJECTS_PATH, { schema }, async () => ({
    projects: (await context.projects.list()).map(toProjectAnswer),
  }))
}
