// POST /admin/projects/:id/origins : adds allowed origin patterns to a project.
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { projectAnswerSchema, toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', maxLength: 64 } },
  },
  body: {
    type: 'object',
    required: ['origins'],
    properties: {
      origins: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: { type: 'string', maxLength: 300 },
      },
    },
    additionalProperties: false,
  },
  response: { 200: projectAnswerSchema, ...errorResponses },
} as const

interface AddProjectOriginsRequest {
  Params: { id: string }
  Body: { origins: string[] }
}

export const addProjectOriginsRoute: FastifyPluginAsync<RouteOptions> = async (
  app,
  { context },
) => {
  app.post<AddProjectOriginsRequest>('/projects/:id/origins', { schema }, async (request) => {
    const project = await context.projects.addOrigins(request.params.id, request.body.origins)
    context.projectDirectory.forget(project.id)
    return toProjectAnswer(project)
  })
}
