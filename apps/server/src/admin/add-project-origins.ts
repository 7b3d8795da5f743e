// POST /admin/projects/:id/origins : adds allowed origin patterns to a project, and the spec's
// default list when `specDefaultOrigins` is true (one of the two at least).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ProjectAnswer, ProjectIdParams, ProjectOriginsChangeBody } from '@portico/protocol/admin'
import { ADMIN_PROJECT_ORIGINS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  params: ProjectIdParams,
  body: ProjectOriginsChangeBody,
  response: { 200: ProjectAnswer, ...errorResponses },
}

export const addProjectOriginsRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(ADMIN_PROJECT_ORIGINS_PATH, { schema }, async (request) => {
      const project = await context.projects.addOrigins(request.params.id, request.body)
      context.projectDirectory.forget(project.id)
      return toProjectAnswer(project)
    })
}
