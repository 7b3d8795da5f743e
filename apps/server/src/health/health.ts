// GET /health : the server answers and its database (and Redis, when used) can be reached.
import type { FastifyPluginAsync } from 'fastify'
import { CacheUnavailableError, DatabaseUnavailableError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'

const schema = {
  response: {
    200: {
      type: 'object',
      required: ['ok', 'db', 'cache'],
      properties: {
        ok: { type: 'boolean' },
        db: { type: 'string', enum: ['pglite', 'postgres'] },
        cache: { type: 'string', enum: ['memory', 'redis'] },
      },
    },
    ...errorResponses,
  },
} as const

export const healthRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.get('/health', { schema }, async () => {
    await context.db.query('SELECT 1').catch(() => {
      throw new DatabaseUnavailableError()
    })
    await context.redis?.ping().catch(() => {
      throw new CacheUnavailableError()
    })
    return { ok: true, db: context.db.kind, cache: context.redis ? 'redis' : 'memory' }
  })
}
