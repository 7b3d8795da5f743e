// Our default sign-in (SIWX) on our own server (apps/server/src/auth): messages with a server
// nonce, sessions verified and kept by the server, each account's bearer token in browser
// storage (session-tokens.ts), so a session outlives a reload and an account switch. An
// account (or chain) with no token of its own has no session here and is asked to sign.
// Loaded lazily by createServerSiwx.

import { type AuthApi, AuthApiError, createAuthApi } from '../api/auth-api'
import { SIWX_MESSAGE_LIFETIME_MS } from '../constants'
import { PorticoError } from '../errors/portico-error'
import {
  forgetAllSessionTokens,
  forgetSessionToken,
  keepSessionToken,
  sessionTokenOf,
} from './session-tokens'
import { formatSiwxMessage, signInMessageData } from './siwx-message'
import type { SiwxConfig, SiwxSession } from './siwx-types'

export interface ServerSiwxOptions {
  /** Cancelling sign-in disconnects the wallet (default), or only closes the modal. */
  required?: boolean
  /** Our server and project; default: those of the Portico client it is given to (forServer). */
  apiUrl?: string
  projectId?: string
  /** The message's statement line. */
  statement?: string
  /** How long a signed message, and so its session, is good for. */
  messageLifetimeMs?: number
  /** For tests outside a browser: the page that asks (default: `location`). */
  location?: { host: string; href: string }
  fetch?: typeof fetch
}

export const DEFAULT_SIWX_STATEMENT = 'Please sign with your account'

/** The server answered that the token's session is over: forget the token, it has no session. */
function isSessionOver(error: unknown): boolean {
  return error instanceof AuthApiError && error.status === 401
}

function connectApi(options: ServerSiwxOptions): AuthApi {
  const { apiUrl: baseUrl, projectId } = options
  if (!baseUrl || !projectId) {
    throw new PorticoError(
      'createServerSiwx needs apiUrl and projectId, or a Portico client to sign in',
    )
  }
  return createAuthApi({ baseUrl, projectId, ...(options.fetch ? { fetch: options.fetch } : {}) })
}

export function createServerSiwxConfig(options: ServerSiwxOptions = {}): SiwxConfig {
  let connected: AuthApi | undefined
  const api = () => {
    connected ??= connectApi(options)
    return connected
  }

  /** Ends a token's own session on the server; one already over needs nothing. */
  async function endSession(token: string): Promise<void> {
    try {
      const own = await api().me(token)
      await api().revokeSession(token, own.id)
    } catch (error) {
      if (!isSessionOver(error)) throw error
    }
  }

  async function addSession(session: SiwxSession): Promise<void> {
    const { token } = await api().authenticate({
      message: session.message,
      signature: session.signature,
      ...(session.cacao !== undefined ? { cacao: session.cacao } : {}),
    })
    keepSessionToken(session.data.chainId, session.data.accountAddress, token)
  }

  return {
    async createMessage({ accountAddress, chainId }) {
      const page = options.location ?? globalThis.location
      const nonce = await api().createNonce()
      const data = signInMessageData({
        accountAddress,
        chainId,
        nonce,
        page,
        lifetimeMs: options.messageLifetimeMs ?? SIWX_MESSAGE_LIFETIME_MS,
        statement: options.statement ?? DEFAULT_SIWX_STATEMENT,
      })
      return { data, message: formatSiwxMessage(data) }
    },
    addSession,
    async revokeSession(chainId, address) {
      const token = sessionTokenOf(chainId, address)
      if (!token) return
      forgetSessionToken(chainId, address)
      try {
        const own = await api().me(token)
        const sessions = await api().listSessions(token, `${chainId}:${address}`)
        // The token's own session last: the others are revoked with it.
        for (const session of sessions.filter((entry) => entry.id !== own.id)) {
          await api().revokeSession(token, session.id)
        }
        await api().revokeSession(token, own.id)
      } catch (error) {
        if (!isSessionOver(error)) throw error
      }
    },
    /** `[]` signs every account of this browser out (a disconnect clears the sessions). */
    async setSessions(sessions) {
      const ended = await Promise.allSettled(forgetAllSessionTokens().map(endSession))
      for (const session of sessions) await addSession(session)
      const failed = ended.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
    },
    async getSessions(chainId, address) {
      const token = sessionTokenOf(chainId, address)
      if (!token) return []
      try {
        return await api().listSessions(token, `${chainId}:${address}`)
      } catch (error) {
        if (!isSessionOver(error)) throw error
        forgetSessionToken(chainId, address)
        return []
      }
    },
    getRequired: () => options.required !== false,
  }
}
