// GET /health (liveness: the process is up and answers) and GET /health/ready (readiness: its
// database and, when used, its Redis answer; 503 naming the one that does not). Neither needs
// a project. A load balancer sends traffic on readiness; an orchestrator restarts on liveness,
// which a database outage must not trigger.

import { ErrorAnswer } from '@portico/protocol/error-answer'
import { HEALTH_PATH, HEALTH_READY_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from '../server-context'
import { checkReadiness, notReadyMessage } from './readiness'

const kinds = {
  db: { type: 'string', enum: ['pglite', 'postgres'] },
  cache: { type: 'string', enum: ['memory', 'redis'] },
} as const

const probeResult = { type: 'string', enum: ['ok', 'unreachable'] } as const
const checks = {
  type: 'object',
  required: ['database'],
  additionalProperties: false,
  properties: { database: probeResult, redis: probeResult },
} as const

const liveSchema = {
  summary: 'Liveness: the process answers',
  response: {
    200: {
      type: 'object',
      required: ['ok', 'db', 'cache'],
      properties: { ok: { type: 'boolean' }, ...kinds },
    },
  },
} as const

const readySchema = {
  summary: 'Readiness: the database and Redis (when used) answer',
  response: {
    200: {
      type: 'object',
      required: ['ok', 'db', 'cache', 'checks'],
      properties: { ok: { type: 'boolean' }, ...kinds, checks },
    },
    503: {
      type: 'object',
      required: ['error', 'checks'],
      properties: { error: ErrorAnswer.properties.error, checks },
    },
  },
} as const

export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const db = context.db.kind
  const cache = context.redis ? 'redis' : 'memory'
  app.get(HEALTH_PATH, { schema: liveSchema }, async () => ({ ok: true, db, cache }))
  app.get(HEALTH_READY_PATH, { schema: readySchema }, async (_request, reply) => {
    const { ready, checks } = await checkReadiness(context)
    if (ready) return { ok: true, db, cache, checks }
    return reply.code(503).send({
      error: { code: 'NOT_READY', message: notReadyMessage(checks) },
      checks,
    })
  })
}
