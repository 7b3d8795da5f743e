// GET /auth/v1/sessions?projectId=&address=<CAIP-10> with `Authorization: Bearer <token>`: the
// live sessions of that account, when the token is one of its sessions (an empty list for an
// account the caller has not signed in as), newest first.
import type { FastifyPluginAsync } from 'fastify'
import { parseChainId } from '../chains/chain-id'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { InvalidCaipAddressError } from './auth-errors'
import { bearerSession } from './bearer-session'
import { authSessionSchema, projectQuerySchema } from './session-schema'
import { accountKey, listSessions } from './session-store'

const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/** `eip155:1:0xabc...` -> the account key sessions are stored under. */
function accountOf(caipAddress: string): string {
  const match = CAIP10.exec(caipAddress)
  if (!match) throw new InvalidCaipAddressError()
  let chainId: string
  try {
    chainId = parseChainId(match[1] ?? '')
  } catch {
    throw new InvalidCaipAddressError()
  }
  return accountKey(chainId, match[2] ?? '')
}

const schema = {
  querystring: {
    type: 'object',
    required: ['projectId', 'address'],
    properties: {
      ...projectQuerySchema.properties,
      address: { type: 'string', maxLength: 200 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['sessions'],
      properties: { sessions: { type: 'array', items: authSessionSchema } },
    },
    ...errorResponses,
  },
} as const

export const getSessionsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app.get<{ Querystring: { projectId: string; address: string } }>(
    '/auth/v1/sessions',
    { schema },
    async (request, reply) => {
      const account = accountOf(request.query.address)
      const owner = await bearerSession(context, request)
      const sessions =
        owner.account === account
          ? await listSessions(context.db, owner.projectId, account, context.clock())
          : []
      return reply.header('cache-control', 'no-store').send({ sessions })
    },
  )
}
