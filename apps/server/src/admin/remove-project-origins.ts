// POST /admin/projects/:id/origins/remove : removes allowed origin patterns from a project (the
// spec's default list with `specDefaultOrigins: true`), so a project made when that list was
// every new project's can give it up. Takes effect at once (the project guard reads it again).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ProjectAnswer, ProjectIdParams, ProjectOriginsChangeBody } from '@portico/protocol/admin'
import { ADMIN_PROJECT_ORIGINS_REMOVE_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  params: ProjectIdParams,
  body: ProjectOriginsChangeBody,
  response: { 200: ProjectAnswer, ...errorResponses },
}

export const removeProjectOriginsRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(ADMIN_PROJECT_ORIGINS_REMOVE_PATH, { schema }, async (request) => {
      const project = await context.projects.removeOrigins(request.params.id, request.body)
      context.projectDirectory.forget(project.id)
      return toProjectAnswer(project)
    })
}
