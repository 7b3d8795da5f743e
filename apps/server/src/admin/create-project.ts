// POST /admin/projects : creates a project.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CreateProjectBody, ProjectAnswer } from '@portico/protocol/admin'
import { ADMIN_PROJECTS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  body: CreateProjectBody,
  response: { 201: ProjectAnswer, ...errorResponses },
}

export const createProjectRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(ADMIN_PROJECTS_PATH, { schema }, async (request, reply) => {
      const project = await context.projects.create(request.body)
      return reply.code(201).send(toProjectAnswer(project))
    })
}
