// POST /admin/projects : creates a project.
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { projectAnswerSchema, toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  body: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200 },
      origins: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 300 } },
      includeDefaultOrigins: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  response: { 201: projectAnswerSchema, ...errorResponses },
} as const

interface CreateProjectRequest {
  Body: { name: string; origins?: string[]; includeDefaultOrigins?: boolean }
}

export const createProjectRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.post<CreateProjectRequest>('/projects', { schema }, async (request, reply) => {
    const project = await context.projects.create(request.body)
    return reply.code(201).send(toProjectAnswer(project))
  })
}
