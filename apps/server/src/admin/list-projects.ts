// GET /admin/projects : every project.
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import { projectAnswerSchema, toProjectAnswer } from '../projects/project-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  response: {
    200: {
      type: 'object',
      required: ['projects'],
      properties: { projects: { type: 'array', items: projectAnswerSchema } },
    },
    ...errorResponses,
  },
} as const

export const listProjectsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.get('/projects', { schema }, async () => ({
    projects: (await context.projects.list()).map(toProjectAnswer),
  }))
}
