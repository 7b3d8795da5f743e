// The names API client (docs/product.md#calls): a name's record, an address's names, suggestions
// in our zone and a registration, from our server through http.ts. A refusal's own words (the
// server's message) become the error, which the modal shows as the first reason; otherwise, and
// when the server cannot be reached, the spec's fallbacks.
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import type { NameSuggestion, ProfileAccount, RegisterName } from '@portico/protocol/profile'
import { NAME_ZONE } from '@portico/protocol/profile-name'
import {
  PROFILE_ACCOUNT_PATH,
  PROFILE_NAME_PATH,
  PROFILE_REVERSE_PATH,
  PROFILE_SUGGESTIONS_PATH,
  routePath,
} from '@portico/protocol/route-paths'
import { PorticoError } from '../errors/portico-error'
import type { ExchangeOptions, HttpAnswer, HttpClient, HttpExchange } from './http'

export type { NameSuggestion, ProfileAccount }

export interface NamesApi {
  /** The record of `name` (apiVersion 2): its addresses by coin type and its attributes. */
  resolveName(name: string, options?: { signal?: AbortSignal }): Promise<ProfileAccount>
  /** The names registered to `address` (none or one). */
  namesForAddress(address: string, options?: { signal?: AbortSignal }): Promise<ProfileAccount[]>
  /** The typed name (marked when taken) and free variants, all in our zone. */
  suggestions(label: string, options?: { signal?: AbortSignal }): Promise<NameSuggestion[]>
  /** `name` (whole) words the fallback refusal: 'Error registering name {name}'. */
  register(body: RegisterName, name: string): Promise<ProfileAccount>
}

function reasonOf(body: unknown): string | undefined {
  const message = (body as Partial<ErrorAnswer> | undefined)?.error?.message
  return typeof message === 'string' && message ? message : undefined
}

/**
 * The body of what `path` answers; a refusal throws its reason, or `fallback` when it gives
 * none, and so does a call that gets no answer (unreachable, timed out). An abort stays one.
 */
async function answerOf(
  http: HttpExchange,
  path: string,
  request: ExchangeOptions,
  fallback: string,
): Promise<unknown> {
  let answer: HttpAnswer
  try {
    answer = await http.exchange(path, request)
  } catch (error) {
    if (request.signal?.aborted) throw error
    throw new PorticoError(fallback, { cause: error })
  }
  if (!answer.ok) throw new PorticoError(reasonOf(answer.body) ?? fallback)
  return answer.body
}

const signalOf = (options: { signal?: AbortSignal }) =>
  options.signal ? { signal: options.signal } : {}

export function createNamesApi(http: HttpClient & HttpExchange): NamesApi {
  return {
    async resolveName(name, options = {}) {
      const body = await answerOf(
        http,
        routePath(PROFILE_NAME_PATH, { name }),
        { method: 'GET', query: { apiVersion: '2' }, ...signalOf(options) },
        'Error resolving name',
      )
      return body as ProfileAccount
    },

    async namesForAddress(address, options = {}) {
      const body = await answerOf(
        http,
        routePath(PROFILE_REVERSE_PATH, { address }),
        { method: 'GET', query: { sender: address, apiVersion: '2' }, ...signalOf(options) },
        'Error fetching names for address',
      )
      return Array.isArray(body) ? (body as ProfileAccount[]) : []
    },

    async suggestions(label, options = {}) {
      const body = await answerOf(
        http,
        routePath(PROFILE_SUGGESTIONS_PATH, { name: label }),
        { method: 'GET', query: { zone: NAME_ZONE }, ...signalOf(options) },
        'Error fetching name suggestions',
      )
      const suggestions = (body as { suggestions?: unknown } | undefined)?.suggestions
      return Array.isArray(suggestions) ? (suggestions as NameSuggestion[]) : []
    },

    async register(body, name) {
      const answer = await answerOf(
        http,
        PROFILE_ACCOUNT_PATH,
        { method: 'POST', body },
        `Error registering name ${name}`,
      )
      return answer as ProfileAccount
    },
  }
}
