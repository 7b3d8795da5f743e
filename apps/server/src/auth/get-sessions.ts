// GET /auth/v1/sessions?projectId=&address=<CAIP-10> with `Authorization: Bearer <token>`: the
// live sessions of that account, when the token is one of its sessions (an empty list for an
// account the caller has not signed in as), newest first.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { SessionsAnswer, SessionsQuery } from '@portico/protocol/auth'
import { CAIP10_ACCOUNT } from '@portico/protocol/caip-grammar'
import { AUTH_SESSIONS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { parseChainId } from '../chains/chain-id'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { InvalidCaipAddressError } from './auth-errors'
import { bearerSession } from './bearer-session'
import { accountKey, listSessions } from './session-store'

/** `eip155:1:0xabc...` -> the account key sessions are stored under. */
function accountOf(caipAddress: string): string {
  const match = CAIP10_ACCOUNT.exec(caipAddress)
  if (!match) throw new InvalidCaipAddressError()
  const [, namespace, reference, address = ''] = match
  let chainId: string
  try {
    chainId = parseChainId(`${namespace}:${reference}`)
  } catch {
    throw new InvalidCaipAddressError()
  }
  return accountKey(chainId, address)
}

const schema = {
  querystring: SessionsQuery,
  response: { 200: SessionsAnswer, ...errorResponses },
}

export const getSessionsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(AUTH_SESSIONS_PATH, { schema }, async (request, reply) => {
      const account = accountOf(request.query.address)
      const owner = await bearerSession(context, request)
      const sessions =
        owner.account === account
          ? await listSessions(context.db, owner.projectId, account, context.clock())
          : []
      return reply.header('cache-control', 'no-store').send({ sessions })
    })
}
