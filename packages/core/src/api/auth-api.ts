// The sign-in calls to our server (/auth/v1, apps/server/src/auth): nonces, sign-in, the
// caller's sessions. Same query parameters and time-out as api/http.ts; its own small fetch
// because these calls carry a bearer token, use DELETE, and the modal shows the server's
// reason for a refusal ({ error: { code, message } }). Loaded only with the sign-in flow, so
// the page-load client stays as small as it is.
import type {
  AuthenticateAnswer,
  AuthenticateBody,
  AuthSession,
  NonceAnswer,
  SessionsAnswer,
  SessionsQuery,
} from '@portico/protocol/auth'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import { PorticoError } from '../errors/portico-error'
import { clock } from '../time/clock'
import {
  API_REQUEST_TIMEOUT_MS,
  createHttpClient,
  HttpStatusError,
  RequestTimeoutError,
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

export interface AuthApiOptions {
  baseUrl: string
  projectId: string
  timeoutMs?: number
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch
}

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

async function refusal(response: Response): Promise<Error> {
  try {
    // Checked field by field all the same: a proxy in between may answer anything.
    const { error } = (await response.json()) as Partial<ErrorAnswer>
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      return new AuthApiError(response.status, error.code, error.message)
    }
  } catch {
    // not our error shape: the status says enough
  }
  return new HttpStatusError(response.status)
}

export function createAuthApi(options: AuthApiOptions): AuthApi {
  const http = createHttpClient({ baseUrl: options.baseUrl, projectId: options.projectId })
  const timeoutMs = options.timeoutMs ?? API_REQUEST_TIMEOUT_MS

  async function send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    request: { token?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<T> {
    const controller = new AbortController()
    let timedOut = false
    const timer = clock.setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.token) headers.authorization = `Bearer ${request.token}`
    try {
      const response = await (options.fetch ?? globalThis.fetch)(http.url(path, request.query), {
        method,
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: controller.signal,
      })
      if (!response.ok) throw await refusal(response)
      const text = await response.text()
      return (text === '' ? undefined : JSON.parse(text)) as T
    } catch (error) {
      if (timedOut) throw new RequestTimeoutError()
      throw error
    } finally {
      clock.clearTimeout(timer)
    }
  }

  return {
    async createNonce() {
      return (await send<NonceAnswer>('POST', '/auth/v1/nonce')).nonce
    },
    authenticate: (body) => send('POST', '/auth/v1/authenticate', { body }),
    async listSessions(token, caipAddress) {
      const answer = await send<SessionsAnswer>('GET', '/auth/v1/sessions', {
        token,
        query: { address: caipAddress } satisfies RouteQuery<SessionsQuery>,
      })
      return answer.sessions
    },
    async revokeSession(token, id) {
      await send('DELETE', `/auth/v1/sessions/${encodeURIComponent(id)}`, { token })
    },
    me: (token) => send('GET', '/auth/v1/me', { token }),
  }
}
