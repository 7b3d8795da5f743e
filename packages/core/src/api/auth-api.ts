// The sign-in calls to our server (/auth/v1, apps/server/src/auth): nonces, sign-in, the
// caller's sessions. Through api/http.ts's `exchange`, because these calls carry a bearer token,
// use DELETE, and the modal shows the server's reason for a refusal ({ error: { code, message } }).
// Loaded only with the sign-in flow.

import type {
  AuthenticateAnswer,
  AuthenticateBody,
  AuthSession,
  NonceAnswer,
  SessionsAnswer,
  SessionsQuery,
} from '@portico/protocol/auth'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import {
  AUTH_AUTHENTICATE_PATH,
  AUTH_ME_PATH,
  AUTH_NONCE_PATH,
  AUTH_SESSION_PATH,
  AUTH_SESSIONS_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import { PorticoError } from '../errors/portico-error'
import {
  createHttpClient,
  type HttpAnswer,
  type HttpClientOptions,
  type HttpMethod,
  HttpStatusError,
  type RouteQuery,
} from './http'

export type { AuthSession }

/** The server refused: its code (NONCE_EXPIRED, MESSAGE_EXPIRED, SESSION_EXPIRED, ...) and message. */
export class AuthApiError extends PorticoError {
  override name = 'AuthApiError'
  constructor(
    readonly status: number,
    override readonly code: string,
    message: string,
  ) {
    super(message, { code })
  }
}

export type AuthApiOptions = HttpClientOptions

export interface AuthApi {
  createNonce(): Promise<string>
  /** A host's session may hold its cacao as anything: the server judges it (400 if not one). */
  authenticate(
    body: Omit<AuthenticateBody, 'cacao'> & { cacao?: unknown },
  ): Promise<AuthenticateAnswer>
  /** The live sessions of a CAIP-10 account, when `token` is one of that account's sessions. */
  listSessions(token: string, caipAddress: string): Promise<AuthSession[]>
  revokeSession(token: string, id: string): Promise<void>
  /** The token's own session; 401 'Session Expired' once it ended. */
  me(token: string): Promise<AuthSession>
}

/** The server's reason when it gives one ({ error: { code, message } }), else the status. */
function refusal({ status, body }: HttpAnswer): Error {
  // Checked field by field all the same: a proxy in between may answer anything.
  const error = (body as Partial<ErrorAnswer> | undefined)?.error
  if (typeof error?.code === 'string' && typeof error.message === 'string') {
    return new AuthApiError(status, error.code, error.message)
  }
  return new HttpStatusError(status)
}

export function createAuthApi(options: AuthApiOptions): AuthApi {
  const http = createHttpClient(options)

  async function send<T>(
    method: HttpMethod,
    path: string,
    request: { token?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<T> {
    const answer = await http.exchange(path, { method, ...request })
    if (!answer.ok) throw refusal(answer)
    return answer.body as T
  }

  return {
    async createNonce() {
      return (await send<NonceAnswer>('POST', AUTH_NONCE_PATH)).nonce
    },
    authenticate: (body) => send('POST', AUTH_AUTHENTICATE_PATH, { body }),
    async listSessions(token, caipAddress) {
      const answer = await send<SessionsAnswer>('GET', AUTH_SESSIONS_PATH, {
        token,
        query: { address: caipAddress } satisfies RouteQuery<SessionsQuery>,
      })
      return answer.sessions
    },
    async revokeSession(token, id) {
      await send('DELETE', routePath(AUTH_SESSION_PATH, { id }), { token })
    },
    me: (token) => send('GET', AUTH_ME_PATH, { token }),
  }
}
